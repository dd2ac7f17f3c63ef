-- hand-written (shipments, ADR 0074): the carriers page joins the order desk's group of a back-office menu seeded before it
-- (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'carriers', 'orders/carriers/index', 'OrderCarriers', '承运商', 'Carriers', 'CarOutlined', 'ORDER.VIEW', 80
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'carriers');--> statement-breakpoint
-- hand-written: a shop seeded before the carriers existed gets the standard carriers (a new one gets them from the reference data).
INSERT INTO "carriers" ("code", "name_zh", "name_en", "dangerous_goods", "cold_chain", "tracking_url", "sort")
SELECT v.* FROM (VALUES
  ('SF', '顺丰速运', 'SF Express', false, false, 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', 10),
  ('JD', '京东物流', 'JD Logistics', false, false, 'https://www.jdl.com/orderSearch/?waybillCodes={no}', 20),
  ('ZTO', '中通快递', 'ZTO Express', false, false, 'https://www.zto.com/express/expressCheck.html?txtBill={no}', 30),
  ('SF-COLD', '顺丰冷运', 'SF Cold Chain', false, true, 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', 40),
  ('SINOTRANS-CHEM', '中外运化工物流', 'Sinotrans Chemical Logistics', true, false, '', 50),
  ('DG-COLD', '危险品冷链专线', 'Dangerous goods cold-chain line', true, true, '', 60)
) AS v("code", "name_zh", "name_en", "dangerous_goods", "cold_chain", "tracking_url", "sort")
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "carriers");
