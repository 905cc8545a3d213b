-- A write that names other records (a lead's brand, catalogue items, executive, praças) checks them
-- in the same round trip as the write itself: the check is the first statement of the write's
-- pipeline, and when a record is missing it fails with this error, which aborts the transaction so
-- the statements sent behind it change nothing. The field is the message's detail; the API answers
-- it as a 400 naming that field. Volatile (the default), so it is called only when a CASE reaches it.
CREATE FUNCTION funil_reference_missing(field text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a record named by the write is missing: %', field USING ERRCODE = 'FN003', DETAIL = field;
END
$$;
