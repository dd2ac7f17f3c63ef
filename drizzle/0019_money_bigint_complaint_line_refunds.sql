-- Money kept in integer cents becomes bigint: every amount the API accepts (up to 99,999,999.99 a
-- field, and the products of quantities and lines computed from it) fits, where integer stopped at
-- 21,474,836.47.
ALTER TABLE "quotation_lines" ALTER COLUMN "list_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_lines" ALTER COLUMN "unit_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_lines" ALTER COLUMN "net_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_lines" ALTER COLUMN "line_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_versions" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_versions" ALTER COLUMN "discount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotation_versions" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quotations" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "applied_refund_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "approved_refund_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
-- The part of a complaint's applied refund that falls on each of its lines (ADR 0056). Complaints
-- already filed get theirs as the server now allocates them: in order of the order line, each line
-- up to the value of the quantity complained about; the last line takes what is left, so that the
-- parts always add up to the applied refund.
ALTER TABLE "complaint_lines" ADD COLUMN "refund_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
WITH valued AS (
  SELECT l.complaint_id, l.order_item_id, k.applied_refund_cents AS applied,
    round(i.unit_price * 100)::bigint * l.quantity AS value,
    sum(round(i.unit_price * 100)::bigint * l.quantity) OVER (PARTITION BY l.complaint_id ORDER BY l.order_item_id) AS upto,
    row_number() OVER (PARTITION BY l.complaint_id ORDER BY l.order_item_id DESC) AS from_last
  FROM complaint_lines l JOIN complaints k ON k.id = l.complaint_id JOIN order_items i ON i.id = l.order_item_id
)
UPDATE complaint_lines AS l
SET refund_cents = CASE WHEN v.from_last = 1 THEN greatest(0, v.applied - (v.upto - v.value))
                        ELSE greatest(0, least(v.value, v.applied - (v.upto - v.value))) END
FROM valued v
WHERE l.complaint_id = v.complaint_id AND l.order_item_id = v.order_item_id;--> statement-breakpoint
ALTER TABLE "complaint_lines" ALTER COLUMN "refund_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "complaint_lines" ADD CONSTRAINT "complaint_lines_refund" CHECK ("complaint_lines"."refund_cents" >= 0);--> statement-breakpoint
-- The database's own guarantee of the refund cap, whoever writes: a complaint's line parts add up to
-- its applied refund, and on every order line the parts of the complaints that are not rejected or
-- withdrawn never exceed the line's amount. `adds` is false for writes that only lower or close a
-- claim (a rejection, a withdrawal, a resolution), so that such a write never fails on rows that
-- were over the cap before this migration. The order lines are locked (in id order) before they are
-- summed, so that two transactions adding to one line check one after the other.
CREATE OR REPLACE FUNCTION complaint_refund_check(complaint integer, adds boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k record;
  over_line integer;
BEGIN
  SELECT id, status, applied_refund_cents INTO k FROM complaints WHERE id = complaint;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF (SELECT coalesce(sum(refund_cents), 0) FROM complaint_lines WHERE complaint_id = complaint) <> k.applied_refund_cents THEN
    RAISE EXCEPTION 'complaint %: the refund parts of its lines do not add up to its applied refund', complaint
      USING ERRCODE = 'check_violation', CONSTRAINT = 'complaint_refund_parts';
  END IF;
  IF NOT adds OR k.status IN ('rejected', 'withdrawn') THEN
    RETURN;
  END IF;
  PERFORM 1 FROM order_items WHERE id IN (SELECT order_item_id FROM complaint_lines WHERE complaint_id = complaint) ORDER BY id FOR UPDATE;
  SELECT i.id INTO over_line FROM order_items i
  WHERE i.id IN (SELECT order_item_id FROM complaint_lines WHERE complaint_id = complaint)
    AND (SELECT coalesce(sum(l.refund_cents), 0) FROM complaint_lines l JOIN complaints c ON c.id = l.complaint_id
         WHERE l.order_item_id = i.id AND c.status NOT IN ('rejected', 'withdrawn')) > round(i.line_total * 100)
  ORDER BY i.id LIMIT 1;
  IF over_line IS NOT NULL THEN
    RAISE EXCEPTION 'order line %: the refunds of its complaints exceed its amount', over_line
      USING ERRCODE = 'check_violation', CONSTRAINT = 'complaint_refund_line_cap';
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION complaint_refund_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'complaint_lines' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM complaint_refund_check(OLD.complaint_id, false);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM complaint_refund_check(NEW.complaint_id, true);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM complaint_refund_check(NEW.id, true);
  ELSE
    PERFORM complaint_refund_check(NEW.id, NEW.status NOT IN ('rejected', 'withdrawn') AND (
      OLD.status IN ('rejected', 'withdrawn')
      OR NEW.applied_refund_cents > OLD.applied_refund_cents
      OR coalesce(NEW.approved_refund_cents, 0) > coalesce(OLD.approved_refund_cents, 0)
      OR (NEW.status IN ('approving', 'passed') AND NEW.status IS DISTINCT FROM OLD.status)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Deferred to the commit: a complaint is written before its lines, in one transaction.
CREATE CONSTRAINT TRIGGER "complaints_refund_check" AFTER INSERT OR UPDATE ON "complaints"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION complaint_refund_trigger();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "complaint_lines_refund_check" AFTER INSERT OR UPDATE OR DELETE ON "complaint_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION complaint_refund_trigger();--> statement-breakpoint
-- Report links are bearer secrets: the demo's seeded ones ("seed<case number>report…") could be
-- guessed. Each becomes 32 base64url characters of a SHA-256 over two random UUIDs (gen_random_uuid
-- is core PostgreSQL, strongly random: 244 random bits in, 192 bits out); links mailed before stop
-- working, as a new report's would.
UPDATE "testing_cases"
SET "report_token" = translate(substr(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64'), 1, 32), '+/', '-_')
WHERE "report_token" LIKE 'seed%report%';
