// A lead's create and update as a bare server writes them: ONE statement each, whatever the body.
// The body travels as one jsonb parameter (a PATCH sets the columns it names, keeps the others),
// so each is a single named statement planned once per connection. In that statement: the actor
// set for the triggers (set_config, local to the statement's transaction), every record the body
// names checked and held FOR KEY SHARE, the lead locked and its version compared with If-Match,
// the lead and its franchise links written, the status history row written, and the answer read
// from what the write returned. The triggers (running totals, outbox, stock…) fire at the end of
// the statement, as they do at the end of each of Funil's.
import { franchiseNames, leadAnswerColumns, leadAnswerJoins, stockOf } from './lead-answer';

/** `input`: the body and the actor; `verdict`'s `failed` names the first missing record, form order. */
const inputAndChecks = (body: string, actor: string) => `input as (
  select ${body}::jsonb as b, set_config('funil.actor', ${actor}::text, true) as actor
), checks as (
  select case
    when i.b ? 'brand_id' and not exists (select 1 from brands where id = (i.b->>'brand_id')::uuid for key share) then 'brand_id'
    when i.b ? 'vertical' and not exists (select 1 from verticals where id = (i.b->>'vertical')::uuid for key share) then 'vertical'
    when i.b ? 'quota' and not exists (select 1 from quotas where id = (i.b->>'quota')::uuid for key share) then 'quota'
    when i.b ? 'platform' and not exists (select 1 from platforms where id = (i.b->>'platform')::uuid for key share) then 'platform'
    when i.b->>'executive' is not null and not exists (
      select 1 from users where id = (i.b->>'executive')::uuid and is_active for key share) then 'executive'
    when jsonb_array_length(coalesce(i.b->'franchises', '[]')) > 0
      and (select count(*) from (select 1 from franchises
        where name in (select jsonb_array_elements_text(i.b->'franchises')) for key share) as held)
        <> (select count(distinct name) from jsonb_array_elements_text(i.b->'franchises') as n(name)) then 'franchises'
  end as failed
  from input i
)`;

/** The franchises the body names, as (id, name). */
const namedFranchises = `select f.id, f.name from franchises f, input i
  where i.b ? 'franchises' and f.name in (select jsonb_array_elements_text(i.b->'franchises'))`;

/** The answer: the verdict's status and failed field, then leadOf's columns and the row's version. */
const answerOf = (franchises: string, stock: string) => `select vd.status, vd.failed,
  ${leadAnswerColumns(franchises, stock)},
  p.row_version
from verdict vd left join (written p ${leadAnswerJoins}) on vd.status < 300`;

/** One unit of each offering the new row takes while its status holds a quota. */
const takesNow = '(case when ps.holds_quota then 1 else 0 end)';

/**
 * The column a lead's version (its ETag) is read from: `version` where the schema has that column
 * (stamped by a trigger), else the row's `xmin`.
 */
export type VersionColumn = 'version' | 'xmin';

/** POST /api/leads: $1 the actor, $2 the body. */
export const leadCreate = (version: VersionColumn) => ({
  name: 'baseline_lead_create',
  text: `with ${inputAndChecks('$2', '$1')},
verdict as (
  select case when failed is null then 201 else 400 end as status, failed from checks
), new_franchises as (${namedFranchises}
), written as (
  insert into leads (brand_id, assessment, vertical_id, quota_id, platform_id, prospectus_year,
    contract_status, executive_id, credit, invest, exchange, rouanet_law)
  select (i.b->>'brand_id')::uuid, i.b->>'assessment', (i.b->>'vertical')::uuid, (i.b->>'quota')::uuid,
    (i.b->>'platform')::uuid, (i.b->>'prospectus_year')::int, i.b->>'contract_status',
    (i.b->>'executive')::uuid, coalesce((i.b->>'credit')::numeric, 0), coalesce((i.b->>'invest')::numeric, 0),
    coalesce((i.b->>'exchange')::boolean, false), coalesce((i.b->>'rouanet_law')::boolean, false)
  from input i, verdict vd where vd.status = 201
  returning *, ${version}::text as row_version
), linked as (
  insert into lead_franchises (lead_id, franchise_id) select w.id, nf.id from written w, new_franchises nf
), history as (
  insert into lead_status_changes (lead_id, from_status, to_status, user_id, reason, created_at)
  select w.id, null, w.contract_status, $1::text::uuid, null, clock_timestamp() from written w
)
${answerOf(franchiseNames('new_franchises'), stockOf('(select id from new_franchises)', takesNow))}`,
});

/**
 * What the lead held before: one unit of an offering it matched (dimensions, and national or of
 * one of its former praças) while its former status held a quota; given back by this write.
 */
const heldBefore = `(select count(*)::int from old c
  join pipeline_statuses ops on ops.contract_status = c.contract_status and ops.holds_quota
  where c.prospectus_year = o.prospectus_year and c.vertical_id = o.vertical_id
    and c.platform_id = o.platform_id and c.quota_id = o.quota_id
    and (o.franchise_id is null or o.franchise_id in (select franchise_id from old_franchises)))`;

/** A column the PATCH sets when the body names its field, else keeps. */
const patched = (field: string, column: string, type: string) =>
  `${column} = case when i.b ? '${field}' then (i.b->>'${field}')::${type} else l.${column} end`;

/** PATCH /api/leads/:id: $1 the lead, $2 the actor, $3 If-Match's strong tags (null: any), $4 the body. */
export const leadUpdate = (version: VersionColumn) => ({
  name: 'baseline_lead_update',
  text: `with ${inputAndChecks('$4', '$2')},
old as (
  select l.*, l.${version}::text as row_version from leads l where l.id = $1::uuid for no key update
), verdict as (
  select case
    when not exists (select 1 from old) then 404
    when not ($3::text[] is null or (select row_version from old) = any($3::text[])) then 412
    when c.failed is not null then 400
    else 200 end as status, c.failed
  from checks c
), old_franchises as (
  select lf.franchise_id from lead_franchises lf where lf.lead_id = $1::uuid
), new_franchises as (${namedFranchises}
  union all
  select f.id, f.name from lead_franchises lf join franchises f on f.id = lf.franchise_id, input i
  where not (i.b ? 'franchises') and lf.lead_id = $1::uuid
), unlinked as (
  delete from lead_franchises lf using verdict vd, input i
  where vd.status = 200 and i.b ? 'franchises' and lf.lead_id = $1::uuid
    and lf.franchise_id not in (select id from new_franchises)
), written as (
  update leads l set
    ${patched('brand_id', 'brand_id', 'uuid')},
    ${patched('assessment', 'assessment', 'text')},
    ${patched('vertical', 'vertical_id', 'uuid')},
    ${patched('quota', 'quota_id', 'uuid')},
    ${patched('platform', 'platform_id', 'uuid')},
    ${patched('prospectus_year', 'prospectus_year', 'int')},
    ${patched('contract_status', 'contract_status', 'text')},
    ${patched('executive', 'executive_id', 'uuid')},
    ${patched('credit', 'credit', 'numeric')},
    ${patched('invest', 'invest', 'numeric')},
    ${patched('exchange', 'exchange', 'boolean')},
    ${patched('rouanet_law', 'rouanet_law', 'boolean')},
    lost_reason = case when i.b ? 'reason' and i.b->>'contract_status' <> o.contract_status
      then i.b->>'reason' else l.lost_reason end,
    updated_at = now()
  from input i, verdict vd, old o
  where vd.status = 200 and l.id = o.id
  returning l.*, l.${version}::text as row_version
), linked as (
  insert into lead_franchises (lead_id, franchise_id)
  select w.id, nf.id from written w, new_franchises nf, input i
  where i.b ? 'franchises' and nf.id not in (select franchise_id from old_franchises)
  on conflict do nothing
), history as (
  insert into lead_status_changes (lead_id, from_status, to_status, user_id, reason, created_at)
  select w.id, o.contract_status, w.contract_status, $2::text::uuid, i.b->>'reason', clock_timestamp()
  from written w, old o, input i where w.contract_status <> o.contract_status
)
${answerOf(franchiseNames('new_franchises'), stockOf('(select id from new_franchises)', `${takesNow} - ${heldBefore}`))}`,
});
