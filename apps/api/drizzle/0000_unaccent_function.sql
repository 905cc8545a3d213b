-- Accent- and case-insensitive text search that behaves identically on PGlite and PostgreSQL
-- without the unaccent extension (PGlite ships none by default). IMMUTABLE so expression indexes
-- can use it. translate() runs before lower() so that upper-case accented letters are folded even
-- under the C collation.
CREATE OR REPLACE FUNCTION f_unaccent_lower(text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate($1, 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy')) $$;
