-- ClaimRepository: alone + claim resolved
-- parameters: :resolution, :replacementUnitId, :note, :resolvedBy, :at, :claimId
update claims set status = 'resolved',
          resolution = case when status = 'open' then ? end,
          replacement_unit_id = ?, note = ?,
          resolved_by = ?,
          resolved_at = ?
          where id = ?;

-- ProductRepository.change: alone + claim resolved
-- parameters: :resolution, :replacementUnitId, :note, :resolvedBy, :at, :claimId
update claims set status = 'resolved',
          resolution = case when status = 'open' then ? end,
          replacement_unit_id = ?, note = ?,
          resolved_by = ?,
          resolved_at = ?
          where id = ?;

-- ProductRepository.change: alone + count movement
-- parameters: :countId, :historyId
insert into "count_movements" ("count_id", "history_id") values (?, ?);

-- ProductRepository.change: alone + delivery windows
-- parameters: :productId, :delivered, :productId, :delivered
insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, ?, ?), (90, ?, ?)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units;

-- ProductRepository.change: alone + dispatch movement
-- parameters: :dispatchId, :historyId
insert into "dispatch_movements" ("dispatch_id", "history_id") values (?, ?);

-- ProductRepository.change: alone + history row
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId
insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);

-- ProductRepository.change: alone + low-stock alert
-- parameters: :id, :productId, :productName, :quantity, :threshold, :at
insert into "low_stock_alerts" ("id", "product_id", "product_name", "quantity", "threshold", "at") values (?, ?, ?, ?, ?, ?);

-- ProductRepository.change: alone + movement units
-- parameters: :historyId, :ids
insert into movement_units (history_id, unit_id)
    select ?, value from (select value from json_each(?)) as moved;

-- ProductRepository.change: alone + outbox job
-- parameters: :id, :kind, :payload, :alert_id, :recipient, :status, :run_at, :give_up_at, :created_at
insert into "outbox" ("id", "kind", "payload", "alert_id", "recipient", "status", "run_at", "give_up_at", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?);

-- ProductRepository.change: alone + product daily
-- parameters: :productId, :day, :delivered, :restocked, :quantityAfter
insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values (?, ?, ?, ?, ?)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end;

-- ProductRepository.change: alone + product update updated_at
-- parameters: :updated_at, :versionRead, :heldRead, :productId
update products set "updated_at" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,deleted_at
-- parameters: :updated_at, :deleted_at, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "deleted_at" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,name
-- parameters: :updated_at, :name, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "name" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,price_paisa
-- parameters: :updated_at, :price_paisa, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "price_paisa" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,price_paisa,low_stock_threshold
-- parameters: :updated_at, :price_paisa, :low_stock_threshold, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "price_paisa" = ?, "low_stock_threshold" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,quantity
-- parameters: :updated_at, :quantity, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "quantity" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,serial_tracked
-- parameters: :updated_at, :serial_tracked, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "serial_tracked" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + product update updated_at,warranty_months
-- parameters: :updated_at, :warranty_months, :versionRead, :heldRead, :productId
update products set "updated_at" = ?, "warranty_months" = ?,
    version = case when version = ? and held = ?
      then version + 1 end
    where id = ? returning *;

-- ProductRepository.change: alone + receipt movement
-- parameters: :receiptId, :historyId
insert into "receipt_movements" ("receipt_id", "history_id") values (?, ?);

-- ProductRepository.change: alone + stock daily
-- parameters: :day, :shard, :delivered, :restocked, :units, :valuePaisa
insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values (?, ?, cast(? as bigint), cast(? as bigint), cast(? as bigint), cast(? as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa;

-- ProductRepository.change: alone + stock level
-- parameters: :productId, :locationId, :quantity
insert into stock_levels (product_id, location_id, quantity)
    values (?, ?, ?)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity;

-- ProductRepository.change: alone + stock level released
-- parameters: :quantity, :released, :productId, :locationId
update stock_levels set quantity = ?,
    reserved = reserved - ?
    where product_id = ? and location_id = ?;

-- ProductRepository.change: alone + stock totals
-- parameters: :units, :valuePaisa, :shard
update stock_totals set units = units + cast(? as bigint), value_paisa = value_paisa + cast(? as bigint)
  where shard = ?;

-- ProductRepository.change: alone + unit returned
-- parameters: :locationId, :id
update units set status = case when status = 'dispatched' then 'returned' end,
    location_id = ? where id = ?;

-- ProductRepository.change: alone + unit serials
-- parameters: :serials
insert into unit_serials (serial_key, unit_id)
        select json_extract(value, '$.key'), json_extract(value, '$.unitId') from json_each(?);

-- ProductRepository.change: alone + units dispatched
-- parameters: :at, :warrantyUntil, :customerName, :customerPhone, :ids
update units set location_id = null, status = 'dispatched',
    dispatched_at = ?,
    warranty_until = ?, customer_name = ?,
    customer_phone = ?
    where id in (select value from json_each(?));

-- ProductRepository.change: alone + units moved
-- parameters: :locationId, :ids
update units set location_id = ?, status = 'in_stock'
    where id in (select value from json_each(?));

-- ProductRepository.change: alone + units registered
-- parameters: :productId, :at, :units
insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select json_extract(value, '$.id'), ?, json_extract(value, '$.serial'),
          json_extract(value, '$.pairedSerial'), json_extract(value, '$.locationId'), 'in_stock', ?
        from json_each(?);

-- ProductRepository.change: alone + units written off
-- parameters: :ids
update units set location_id = null, status = 'scrapped' where id in (select value from json_each(?));

-- ProductRepository: by id
-- parameters: :id
select * from "products" where "id" = ?;

-- ProductRepository: by supplier
-- parameters: :email, :limit, :offset
select *, null as "location_quantity" from "products" where "supplier_email" = ? and "deleted_at" is null order by "created_at" asc, "id" asc limit ? offset ?;

-- ProductRepository: count by supplier
-- parameters: :email
select count(*) as "total" from "products" where "supplier_email" = ? and "deleted_at" is null;

-- ProductRepository: live by id
-- parameters: :id
select * from "products" where "id" = ? and "deleted_at" is null;

-- ProductRepository: to change
-- parameters: :id
select *, (select json_group_object(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_group_object(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_group_array(id) from locations where kind = 'quarantine') as "quarantine" from "products" where "id" = ?;

-- ProductRepository: to change, with units
-- parameters: :keys, :id
select *, (select json_group_object(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_group_object(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_group_array(id) from locations where kind = 'quarantine') as "quarantine", (select json_group_array(json_object('key', s.serial_key, 'id', u.id,
        'productId', u.product_id, 'serial', u.serial, 'pairedSerial', u.paired_serial,
        'locationId', u.location_id, 'status', u.status, 'receivedAt', u.received_at))
        from unit_serials s join units u on u.id = s.unit_id
        where s.serial_key in (select value from json_each(?))) as "units" from "products" where "id" = ?;

-- ProductSearch: candidates
-- parameters: :phrase, 1001
select count(*) as candidates, json_group_array(rowid) as rowids from (
            select rowid from products_name_search where products_name_search match ?
            limit ?
          );

-- ProductSearch: capped count created asc live     q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by lower(name) limit ?) as "matches";

-- ProductSearch: capped count created asc live     q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count created asc live     q1 after none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by lower(name) limit ?) as "matches";

-- ProductSearch: capped count created asc live     q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count created asc live     q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count created asc live   category  q0  none
-- parameters: :category, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = ? limit ?) as "matches";

-- ProductSearch: capped count created asc live   category range< q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMax0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) <= ?) limit ?) as "matches";

-- ProductSearch: capped count created asc live   category range> q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMin0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) >= ?) limit ?) as "matches";

-- ProductSearch: capped count created asc live   category range>< q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMin0, :attrPath0, :attrPath0, :attrMax0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) >= ? and (case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) <= ?) limit ?) as "matches";

-- ProductSearch: capped count created asc live   category text,boolean q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrValue0, :attrPath1, :attrValue1, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = ? and (json_type(attributes, ?) = 'text' and json_extract(attributes, ?) = ?) and json_type(attributes, ?) = ? limit ?) as "matches";

-- ProductSearch: capped count created asc live low    q0  none
-- parameters: 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held limit ?) as "matches";

-- ProductSearch: capped count created asc trash     q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') limit ?) as "matches";

-- ProductSearch: capped count created asc trash     q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count created asc trash     q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count created asc trash     q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count price asc live low    q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by lower(name) limit ?) as "matches";

-- ProductSearch: capped count price asc live low    q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count price asc live low    q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: capped count price asc live low    q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) limit ?) as "matches";

-- ProductSearch: collect created asc live     q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by created_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect created asc live     q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by created_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect created asc live     q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by created_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect created asc trash     q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by deleted_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect created asc trash     q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by deleted_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect created asc trash     q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by deleted_at asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit ? offset ?;

-- ProductSearch: collect price asc live low    q1  trigrams
-- parameters: :word0, :word0, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by price_paisa asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: collect price asc live low    q5  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by price_paisa asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: collect price asc live low    q6+  trigrams
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, :candidates, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and not exists (
      select 1 from json_each(?) as words where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), 0)
    ) and id in (
        select id from products_name_search where rowid in (select value from json_each(?))
      ) order by price_paisa asc, "id" asc limit ?) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: counter   live     q0  none
-- parameters: "live"
select "total" from "product_counts" where "scope" = ?;

-- ProductSearch: counter   trash     q0  none
-- parameters: "deleted"
select "total" from "product_counts" where "scope" = ?;

-- ProductSearch: low-stock count
-- parameters: none
select "total" from "low_stock_count";

-- ProductSearch: page created asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (created_at, id) > (?, ?) order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live     q1  none
-- parameters: :word0, :word0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live     q1 after none
-- parameters: :word0, :word0, :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') and (created_at, id) > (?, ?) order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live   category  q0  none
-- parameters: :category, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = ? order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live   category range< q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMax0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) <= ?) order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live   category range> q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMin0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) >= ?) order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live   category range>< q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrMin0, :attrPath0, :attrPath0, :attrMax0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = ? and ((case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) >= ? and (case when json_type(attributes, ?) in ('integer', 'real') then json_extract(attributes, ?) end) <= ?) order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live   category text,boolean q0  none
-- parameters: :category, :attrPath0, :attrPath0, :attrValue0, :attrPath1, :attrValue1, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = ? and (json_type(attributes, ?) = 'text' and json_extract(attributes, ?) = ?) and json_type(attributes, ?) = ? order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc live low    q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held order by created_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc trash     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is not null order by deleted_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created asc trash     q1  none
-- parameters: :word0, :word0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by deleted_at asc, "id" asc limit ? offset ?;

-- ProductSearch: page created desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by created_at desc, "id" desc limit ? offset ?;

-- ProductSearch: page created desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (created_at, id) < (?, ?) order by created_at desc, "id" desc limit ? offset ?;

-- ProductSearch: page name asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by lower(name) asc, "id" asc limit ? offset ?;

-- ProductSearch: page name asc live     q0 after none
-- parameters: :afterKey, :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and lower(name) >= lower(?) and (lower(name), id) > (lower(?), ?) order by lower(name) asc, "id" asc limit ? offset ?;

-- ProductSearch: page name desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by lower(name) desc, "id" desc limit ? offset ?;

-- ProductSearch: page name desc live     q0 after none
-- parameters: :afterKey, :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and lower(name) <= lower(?) and (lower(name), id) < (lower(?), ?) order by lower(name) desc, "id" desc limit ? offset ?;

-- ProductSearch: page name desc trash     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is not null order by lower(name) desc, "id" desc limit ? offset ?;

-- ProductSearch: page price asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: page price asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (price_paisa, id) > (?, ?) order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: page price asc live low    q1  none
-- parameters: :word0, :word0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like ? escape '\' or lower(model) like ? escape '\') order by price_paisa asc, "id" asc limit ? offset ?;

-- ProductSearch: page price desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by price_paisa desc, "id" desc limit ? offset ?;

-- ProductSearch: page price desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (price_paisa, id) < (?, ?) order by price_paisa desc, "id" desc limit ? offset ?;

-- ProductSearch: page quantity asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by quantity asc, "id" asc limit ? offset ?;

-- ProductSearch: page quantity asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (quantity, id) > (?, ?) order by quantity asc, "id" asc limit ? offset ?;

-- ProductSearch: page quantity desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by quantity desc, "id" desc limit ? offset ?;

-- ProductSearch: page quantity desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (quantity, id) < (?, ?) order by quantity desc, "id" desc limit ? offset ?;
