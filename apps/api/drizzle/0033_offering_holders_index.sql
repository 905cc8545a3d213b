-- The holders of a praça's offering, found from the offering by its key: the prospectus summary
-- sums the credit of the distinct opportunities that take the year's praça offerings, one index
-- range per offering (index-only: the lead and its credit included), where the praça and status
-- index read every holder of the praça and a sequential scan read all two million links.
CREATE INDEX lead_franchise_statuses_offering_key_idx ON lead_franchise_statuses
  (franchise_id, prospectus_year, vertical_id, platform_id, quota_id, contract_status)
  INCLUDE (lead_id, credit);
