// The SQL of a lead's answer as the baseline writes it by hand: the columns answers.ts's leadOf
// reads, in its order, over a lead row `p` joined to its brand `b`, catalogue items `v`, `q`,
// `pl`, executive `u` and pipeline status `ps` (leadAnswerJoins).

/** timestamptz as the answer's ISO text, milliseconds and Z. */
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The relations a lead answer embeds, joined to the lead row `p`. */
export const leadAnswerJoins = `
  join brands b on b.id = p.brand_id
  join verticals v on v.id = p.vertical_id
  join quotas q on q.id = p.quota_id
  join platforms pl on pl.id = p.platform_id
  left join users u on u.id = p.executive_id
  join pipeline_statuses ps on ps.contract_status = p.contract_status`;

/** The lead's franchise names in name order (case and accents ignored), from a (id, name) set. */
export const franchiseNames = (franchises: string) =>
  `array(select fr.name from ${franchises} fr order by f_unaccent_lower(fr.name), fr.name)`;

/** The franchises the lead row `p` is linked to, as a (id, name) set. */
export const linkedFranchises = `(select f.id, f.name from lead_franchises lf
  join franchises f on f.id = lf.franchise_id where lf.lead_id = p.id)`;

/**
 * The active offerings the lead takes (national, or of one of `franchiseIds`), national first then
 * by praça. `taken` is what this statement's own write adds to an offering's held + sold, which the
 * stock triggers apply only when the statement ends (0 for a read).
 */
export const stockOf = (franchiseIds: string, taken = '0') => `coalesce((select json_agg(json_build_object(
      'offering_id', o.id,
      'franchise', ofr.name,
      'quantity', o.quantity,
      'available', o.quantity - s.held - s.sold - (${taken}),
      'list_price', o.list_price)
    order by ofr.name nulls first)
  from offerings o
  join offering_stock s on s.offering_id = o.id
  left join franchises ofr on ofr.id = o.franchise_id
  where o.prospectus_year = p.prospectus_year
    and o.vertical_id = p.vertical_id
    and o.platform_id = p.platform_id
    and o.quota_id = p.quota_id
    and o.status = 'active'
    and (o.franchise_id is null or o.franchise_id in ${franchiseIds})
  ), '[]'::json)`;

/** leadOf's 34 columns, given the franchises' names and the stock as SQL. */
export const leadAnswerColumns = (franchises: string, stock: string) => `
  p.id, b.id, b.name, b.company_name, b.cnpj, b.area_of_activity, b.segmentation, p.assessment,
  v.id, v.name, v.label, q.id, q.name, q.label, pl.id, pl.name, pl.label,
  p.prospectus_year, p.contract_status, ${iso('p.status_changed_at')},
  coalesce(p.status_changed_at < now() - make_interval(days => ps.stale_after_days), false),
  u.id, u.name, u.email,
  ${franchises},
  p.credit, p.invest, p.exchange, p.rouanet_law, p.open_tasks, ${iso('p.next_task_due_at')},
  ${stock},
  ${iso('p.created_at')}, ${iso('p.updated_at')}`;
