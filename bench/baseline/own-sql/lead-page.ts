// GET /api/leads without filters, newest first, as a bare server writes it: one named statement
// (planned once per connection) whose LIMIT and OFFSET are parameters, reading the page, its
// relations, each lead's cursor and the total from the running totals in one round trip.
import { franchiseNames, leadAnswerColumns, leadAnswerJoins, linkedFranchises, stockOf } from './lead-answer';

/** The page's rows: leadOf's columns, then the cursor's created_at to the microsecond, then the total. */
export const LEAD_PAGE = {
  name: 'baseline_lead_page',
  text: `with page as (
  select l.* from leads l order by l.created_at desc, l.id desc limit $1 offset $2
), total as (
  select coalesce(sum(lead_count), 0)::int as total from lead_totals
)
select ${leadAnswerColumns(franchiseNames(linkedFranchises), stockOf('(select lf.franchise_id from lead_franchises lf where lf.lead_id = p.id)'))},
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  total.total
from total left join (page p ${leadAnswerJoins}) on true
order by p.created_at desc, p.id desc`,
};
