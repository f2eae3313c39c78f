-- A sign-in attempt's bookkeeping in one round trip (features/auth/service.ts): under load every round trip of
-- a sign-in waited for a turn of the server's busy event loop. The rules are those of issue 23 §4, unchanged:
-- under a lock per address and then per account (always in that order, so two attempts never wait for each
-- other in a circle), count the window's failures, refuse when the (account, address) pair or the address is
-- at its limit, and otherwise record the attempt as a failure before its password is checked. Each statement
-- of a PL/pgSQL function takes a fresh snapshot, so the count sees every attempt that held the locks before;
-- the locks are held until the calling statement's transaction ends, after its insert is committed.
CREATE FUNCTION "record_login_attempt"(p_email text, p_address text, p_since timestamptz, p_now timestamptz, p_pair_max integer, p_address_max integer)
RETURNS TABLE ("failureId" integer, "accountUnderAttack" boolean) LANGUAGE plpgsql AS $$
DECLARE
  pair_count integer;
  account_count integer;
  address_count integer;
BEGIN
  PERFORM pg_advisory_xact_lock(1, hashtext(p_address));
  PERFORM pg_advisory_xact_lock(2, hashtext(p_email));
  SELECT count(*) FILTER (WHERE f.email = p_email AND f.address = p_address),
         count(*) FILTER (WHERE f.email = p_email),
         count(*) FILTER (WHERE f.address = p_address)
    INTO pair_count, account_count, address_count
    FROM login_failures f
   WHERE f.at > p_since AND (f.email = p_email OR f.address = p_address);
  IF pair_count >= p_pair_max OR address_count >= p_address_max THEN
    RETURN;
  END IF;
  RETURN QUERY INSERT INTO login_failures (email, address, at) VALUES (p_email, p_address, p_now)
    RETURNING id, account_count >= p_pair_max;
END $$;
