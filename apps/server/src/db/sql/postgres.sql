-- ClaimRepository: alone + claim resolved
-- parameters: :resolution, :replacementUnitId, :note, :resolvedBy, :at, :claimId
update claims set status = 'resolved',
          resolution = case when status = 'open' then $1 end,
          replacement_unit_id = $2, note = $3,
          resolved_by = $4,
          resolved_at = cast($5 as timestamptz)
          where id = $6;

-- ProductRepository.change: as one + history row + stock daily + product daily
-- parameters: :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId
with "change_0" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($1, $2, cast($3 as bigint), cast($4 as bigint), cast($5 as bigint), cast($6 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_1" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($7, $8, $9, $10, $11)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25);

-- ProductRepository.change: as one + history row + stock level + stock totals + stock daily + product daily
-- parameters: :productId, :locationId, :quantity, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId
with "change_0" as (insert into stock_levels (product_id, location_id, quantity)
    values ($1, $2, $3)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_1" as (
  update stock_totals set units = units + cast($4 as bigint), value_paisa = value_paisa + cast($5 as bigint)
  where shard = $6
), "change_2" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($7, $8, cast($9 as bigint), cast($10 as bigint), cast($11 as bigint), cast($12 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_3" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($13, $14, $15, $16, $17)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31);

-- ProductRepository.change: as one + product update updated_at + history row + stock level + stock level + units moved + movement units + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :productId, :locationId, :quantity, :locationId, :ids, :historyId, :ids, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (insert into stock_levels (product_id, location_id, quantity)
    values ($18, $19, $20)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_3" as (update units set location_id = $21, status = 'in_stock'
    where id in (select json_array_elements_text(cast($22 as json)) as value)), "change_4" as (insert into movement_units (history_id, unit_id)
    select $23, value from (select json_array_elements_text(cast($24 as json)) as value) as moved), "change_5" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($25, $26, cast($27 as bigint), cast($28 as bigint), cast($29 as bigint), cast($30 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_6" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($31, $32, $33, $34, $35)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $36,
    version = case when version = $37 and held = $38
      then version + 1 end
    where id = $39 returning *;

-- ProductRepository.change: as one + product update updated_at,deleted_at + history row + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :deleted_at, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (
  update stock_totals set units = units + cast($15 as bigint), value_paisa = value_paisa + cast($16 as bigint)
  where shard = $17
), "change_2" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($18, $19, cast($20 as bigint), cast($21 as bigint), cast($22 as bigint), cast($23 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_3" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($24, $25, $26, $27, $28)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $29, "deleted_at" = $30,
    version = case when version = $31 and held = $32
      then version + 1 end
    where id = $33 returning *;

-- ProductRepository.change: as one + product update updated_at,name + history row + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :name, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($15, $16, cast($17 as bigint), cast($18 as bigint), cast($19 as bigint), cast($20 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_2" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($21, $22, $23, $24, $25)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $26, "name" = $27,
    version = case when version = $28 and held = $29
      then version + 1 end
    where id = $30 returning *;

-- ProductRepository.change: as one + product update updated_at,price_paisa + history row + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :price_paisa, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (
  update stock_totals set units = units + cast($15 as bigint), value_paisa = value_paisa + cast($16 as bigint)
  where shard = $17
), "change_2" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($18, $19, cast($20 as bigint), cast($21 as bigint), cast($22 as bigint), cast($23 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_3" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($24, $25, $26, $27, $28)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $29, "price_paisa" = $30,
    version = case when version = $31 and held = $32
      then version + 1 end
    where id = $33 returning *;

-- ProductRepository.change: as one + product update updated_at,price_paisa,low_stock_threshold + history row + low-stock alert + outbox job + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :id, :productId, :productName, :quantity, :threshold, :at, :id, :kind, :payload, :alert_id, :recipient, :status, :run_at, :give_up_at, :created_at, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :price_paisa, :low_stock_threshold, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into "low_stock_alerts" ("id", "product_id", "product_name", "quantity", "threshold", "at") values ($15, $16, $17, $18, $19, $20)), "change_2" as (insert into "outbox" ("id", "kind", "payload", "alert_id", "recipient", "status", "run_at", "give_up_at", "created_at") values ($21, $22, $23, $24, $25, $26, $27, $28, $29)), "change_3" as (
  update stock_totals set units = units + cast($30 as bigint), value_paisa = value_paisa + cast($31 as bigint)
  where shard = $32
), "change_4" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($33, $34, cast($35 as bigint), cast($36 as bigint), cast($37 as bigint), cast($38 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_5" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($39, $40, $41, $42, $43)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $44, "price_paisa" = $45, "low_stock_threshold" = $46,
    version = case when version = $47 and held = $48
      then version + 1 end
    where id = $49 returning *;

-- ProductRepository.change: as one + product update updated_at,price_paisa,low_stock_threshold + history row + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :price_paisa, :low_stock_threshold, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (
  update stock_totals set units = units + cast($15 as bigint), value_paisa = value_paisa + cast($16 as bigint)
  where shard = $17
), "change_2" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($18, $19, cast($20 as bigint), cast($21 as bigint), cast($22 as bigint), cast($23 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_3" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($24, $25, $26, $27, $28)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $29, "price_paisa" = $30, "low_stock_threshold" = $31,
    version = case when version = $32 and held = $33
      then version + 1 end
    where id = $34 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + low-stock alert + outbox job + stock totals + stock daily + product daily + delivery windows
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :id, :productId, :productName, :quantity, :threshold, :at, :id, :kind, :payload, :alert_id, :recipient, :status, :run_at, :give_up_at, :created_at, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (insert into "low_stock_alerts" ("id", "product_id", "product_name", "quantity", "threshold", "at") values ($18, $19, $20, $21, $22, $23)), "change_3" as (insert into "outbox" ("id", "kind", "payload", "alert_id", "recipient", "status", "run_at", "give_up_at", "created_at") values ($24, $25, $26, $27, $28, $29, $30, $31, $32)), "change_4" as (
  update stock_totals set units = units + cast($33 as bigint), value_paisa = value_paisa + cast($34 as bigint)
  where shard = $35
), "change_5" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($36, $37, cast($38 as bigint), cast($39 as bigint), cast($40 as bigint), cast($41 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_6" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($42, $43, $44, $45, $46)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_7" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $47, $48), (90, $49, $50)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
) update products set "updated_at" = $51, "quantity" = $52,
    version = case when version = $53 and held = $54
      then version + 1 end
    where id = $55 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (
  update stock_totals set units = units + cast($18 as bigint), value_paisa = value_paisa + cast($19 as bigint)
  where shard = $20
), "change_3" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($21, $22, cast($23 as bigint), cast($24 as bigint), cast($25 as bigint), cast($26 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_4" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($27, $28, $29, $30, $31)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $32, "quantity" = $33,
    version = case when version = $34 and held = $35
      then version + 1 end
    where id = $36 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + stock totals + stock daily + product daily + count movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :countId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (
  update stock_totals set units = units + cast($18 as bigint), value_paisa = value_paisa + cast($19 as bigint)
  where shard = $20
), "change_3" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($21, $22, cast($23 as bigint), cast($24 as bigint), cast($25 as bigint), cast($26 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_4" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($27, $28, $29, $30, $31)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_5" as (insert into "count_movements" ("count_id", "history_id") values ($32, $33)) update products set "updated_at" = $34, "quantity" = $35,
    version = case when version = $36 and held = $37
      then version + 1 end
    where id = $38 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + stock totals + stock daily + product daily + delivery windows
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (
  update stock_totals set units = units + cast($18 as bigint), value_paisa = value_paisa + cast($19 as bigint)
  where shard = $20
), "change_3" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($21, $22, cast($23 as bigint), cast($24 as bigint), cast($25 as bigint), cast($26 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_4" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($27, $28, $29, $30, $31)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_5" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $32, $33), (90, $34, $35)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
) update products set "updated_at" = $36, "quantity" = $37,
    version = case when version = $38 and held = $39
      then version + 1 end
    where id = $40 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + stock totals + stock daily + product daily + receipt movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :receiptId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (
  update stock_totals set units = units + cast($18 as bigint), value_paisa = value_paisa + cast($19 as bigint)
  where shard = $20
), "change_3" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($21, $22, cast($23 as bigint), cast($24 as bigint), cast($25 as bigint), cast($26 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_4" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($27, $28, $29, $30, $31)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_5" as (insert into "receipt_movements" ("receipt_id", "history_id") values ($32, $33)) update products set "updated_at" = $34, "quantity" = $35,
    version = case when version = $36 and held = $37
      then version + 1 end
    where id = $38 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + unit returned + units dispatched + movement units + stock totals + stock daily + product daily + delivery windows + claim resolved
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :locationId, :id, :at, :warrantyUntil, :customerName, :customerPhone, :ids, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :resolution, :replacementUnitId, :note, :resolvedBy, :at, :claimId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (update units set status = case when status = 'dispatched' then 'returned' end,
    location_id = $18 where id = $19), "change_3" as (update units set location_id = null, status = 'dispatched',
    dispatched_at = cast($20 as timestamptz),
    warranty_until = $21, customer_name = $22,
    customer_phone = $23
    where id in (select json_array_elements_text(cast($24 as json)) as value)), "change_4" as (insert into movement_units (history_id, unit_id)
    select $25, value from (select json_array_elements_text(cast($26 as json)) as value) as moved), "change_5" as (
  update stock_totals set units = units + cast($27 as bigint), value_paisa = value_paisa + cast($28 as bigint)
  where shard = $29
), "change_6" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($30, $31, cast($32 as bigint), cast($33 as bigint), cast($34 as bigint), cast($35 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_7" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($36, $37, $38, $39, $40)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_8" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $41, $42), (90, $43, $44)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
), "change_9" as (update claims set status = 'resolved',
          resolution = case when status = 'open' then $45 end,
          replacement_unit_id = $46, note = $47,
          resolved_by = $48,
          resolved_at = cast($49 as timestamptz)
          where id = $50) update products set "updated_at" = $51, "quantity" = $52,
    version = case when version = $53 and held = $54
      then version + 1 end
    where id = $55 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + units dispatched + movement units + stock totals + stock daily + product daily + delivery windows
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :at, :warrantyUntil, :customerName, :customerPhone, :ids, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (update units set location_id = null, status = 'dispatched',
    dispatched_at = cast($18 as timestamptz),
    warranty_until = $19, customer_name = $20,
    customer_phone = $21
    where id in (select json_array_elements_text(cast($22 as json)) as value)), "change_3" as (insert into movement_units (history_id, unit_id)
    select $23, value from (select json_array_elements_text(cast($24 as json)) as value) as moved), "change_4" as (
  update stock_totals set units = units + cast($25 as bigint), value_paisa = value_paisa + cast($26 as bigint)
  where shard = $27
), "change_5" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($28, $29, cast($30 as bigint), cast($31 as bigint), cast($32 as bigint), cast($33 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_6" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($34, $35, $36, $37, $38)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_7" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $39, $40), (90, $41, $42)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
) update products set "updated_at" = $43, "quantity" = $44,
    version = case when version = $45 and held = $46
      then version + 1 end
    where id = $47 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + units registered + unit serials + movement units + stock totals + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :productId, :at, :units, :serials, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select r.id, $18, r.serial, r."pairedSerial", r."locationId", 'in_stock',
          cast($19 as timestamptz)
        from json_to_recordset(cast($20 as json))
          as r(id text, serial text, "pairedSerial" text, "locationId" text)), "change_3" as (insert into unit_serials (serial_key, unit_id)
        select r.key, r."unitId" from json_to_recordset(cast($21 as json)) as r(key text, "unitId" text)), "change_4" as (insert into movement_units (history_id, unit_id)
    select $22, value from (select json_array_elements_text(cast($23 as json)) as value) as moved), "change_5" as (
  update stock_totals set units = units + cast($24 as bigint), value_paisa = value_paisa + cast($25 as bigint)
  where shard = $26
), "change_6" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($27, $28, cast($29 as bigint), cast($30 as bigint), cast($31 as bigint), cast($32 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_7" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($33, $34, $35, $36, $37)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $38, "quantity" = $39,
    version = case when version = $40 and held = $41
      then version + 1 end
    where id = $42 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + units registered + unit serials + movement units + stock totals + stock daily + product daily + receipt movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :productId, :at, :units, :serials, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :receiptId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select r.id, $18, r.serial, r."pairedSerial", r."locationId", 'in_stock',
          cast($19 as timestamptz)
        from json_to_recordset(cast($20 as json))
          as r(id text, serial text, "pairedSerial" text, "locationId" text)), "change_3" as (insert into unit_serials (serial_key, unit_id)
        select r.key, r."unitId" from json_to_recordset(cast($21 as json)) as r(key text, "unitId" text)), "change_4" as (insert into movement_units (history_id, unit_id)
    select $22, value from (select json_array_elements_text(cast($23 as json)) as value) as moved), "change_5" as (
  update stock_totals set units = units + cast($24 as bigint), value_paisa = value_paisa + cast($25 as bigint)
  where shard = $26
), "change_6" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($27, $28, cast($29 as bigint), cast($30 as bigint), cast($31 as bigint), cast($32 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_7" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($33, $34, $35, $36, $37)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_8" as (insert into "receipt_movements" ("receipt_id", "history_id") values ($38, $39)) update products set "updated_at" = $40, "quantity" = $41,
    version = case when version = $42 and held = $43
      then version + 1 end
    where id = $44 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level + units written off + movement units + stock totals + stock daily + product daily + count movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :locationId, :quantity, :ids, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :countId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into stock_levels (product_id, location_id, quantity)
    values ($15, $16, $17)
    on conflict (product_id, location_id) do update set quantity = excluded.quantity), "change_2" as (update units set location_id = null, status = 'scrapped' where id in (select json_array_elements_text(cast($18 as json)) as value)), "change_3" as (insert into movement_units (history_id, unit_id)
    select $19, value from (select json_array_elements_text(cast($20 as json)) as value) as moved), "change_4" as (
  update stock_totals set units = units + cast($21 as bigint), value_paisa = value_paisa + cast($22 as bigint)
  where shard = $23
), "change_5" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($24, $25, cast($26 as bigint), cast($27 as bigint), cast($28 as bigint), cast($29 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_6" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($30, $31, $32, $33, $34)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_7" as (insert into "count_movements" ("count_id", "history_id") values ($35, $36)) update products set "updated_at" = $37, "quantity" = $38,
    version = case when version = $39 and held = $40
      then version + 1 end
    where id = $41 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level released + stock totals + stock daily + product daily + delivery windows + dispatch movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :quantity, :released, :productId, :locationId, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :dispatchId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (update stock_levels set quantity = $15,
    reserved = reserved - $16
    where product_id = $17 and location_id = $18), "change_2" as (
  update stock_totals set units = units + cast($19 as bigint), value_paisa = value_paisa + cast($20 as bigint)
  where shard = $21
), "change_3" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($22, $23, cast($24 as bigint), cast($25 as bigint), cast($26 as bigint), cast($27 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_4" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($28, $29, $30, $31, $32)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_5" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $33, $34), (90, $35, $36)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
), "change_6" as (insert into "dispatch_movements" ("dispatch_id", "history_id") values ($37, $38)) update products set "updated_at" = $39, "quantity" = $40,
    version = case when version = $41 and held = $42
      then version + 1 end
    where id = $43 returning *;

-- ProductRepository.change: as one + product update updated_at,quantity + history row + stock level released + units dispatched + movement units + stock totals + stock daily + product daily + delivery windows + dispatch movement
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :quantity, :released, :productId, :locationId, :at, :warrantyUntil, :customerName, :customerPhone, :ids, :historyId, :ids, :units, :valuePaisa, :shard, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :productId, :delivered, :productId, :delivered, :dispatchId, :historyId, :updated_at, :quantity, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (update stock_levels set quantity = $15,
    reserved = reserved - $16
    where product_id = $17 and location_id = $18), "change_2" as (update units set location_id = null, status = 'dispatched',
    dispatched_at = cast($19 as timestamptz),
    warranty_until = $20, customer_name = $21,
    customer_phone = $22
    where id in (select json_array_elements_text(cast($23 as json)) as value)), "change_3" as (insert into movement_units (history_id, unit_id)
    select $24, value from (select json_array_elements_text(cast($25 as json)) as value) as moved), "change_4" as (
  update stock_totals set units = units + cast($26 as bigint), value_paisa = value_paisa + cast($27 as bigint)
  where shard = $28
), "change_5" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($29, $30, cast($31 as bigint), cast($32 as bigint), cast($33 as bigint), cast($34 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_6" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($35, $36, $37, $38, $39)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
), "change_7" as (
  insert into product_delivery_windows (window_days, product_id, delivered_units)
  values (30, $40, $41), (90, $42, $43)
  on conflict (window_days, product_id) do update set
    delivered_units = product_delivery_windows.delivered_units + excluded.delivered_units
), "change_8" as (insert into "dispatch_movements" ("dispatch_id", "history_id") values ($44, $45)) update products set "updated_at" = $46, "quantity" = $47,
    version = case when version = $48 and held = $49
      then version + 1 end
    where id = $50 returning *;

-- ProductRepository.change: as one + product update updated_at,serial_tracked + history row + units registered + unit serials + movement units + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :productId, :at, :units, :serials, :historyId, :ids, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :serial_tracked, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (insert into units (id, product_id, serial, paired_serial, location_id, status, received_at)
        select r.id, $15, r.serial, r."pairedSerial", r."locationId", 'in_stock',
          cast($16 as timestamptz)
        from json_to_recordset(cast($17 as json))
          as r(id text, serial text, "pairedSerial" text, "locationId" text)), "change_2" as (insert into unit_serials (serial_key, unit_id)
        select r.key, r."unitId" from json_to_recordset(cast($18 as json)) as r(key text, "unitId" text)), "change_3" as (insert into movement_units (history_id, unit_id)
    select $19, value from (select json_array_elements_text(cast($20 as json)) as value) as moved), "change_4" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($21, $22, cast($23 as bigint), cast($24 as bigint), cast($25 as bigint), cast($26 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_5" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($27, $28, $29, $30, $31)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $32, "serial_tracked" = $33,
    version = case when version = $34 and held = $35
      then version + 1 end
    where id = $36 returning *;

-- ProductRepository.change: as one + product update updated_at,warranty_months + history row + stock daily + product daily
-- parameters: :id, :productId, :version, :kind, :actor, :actorName, :at, :delta, :quantityAfter, :changes, :revertOf, :moved, :fromLocationId, :toLocationId, :day, :shard, :delivered, :restocked, :units, :valuePaisa, :productId, :day, :delivered, :restocked, :quantityAfter, :updated_at, :warranty_months, :versionRead, :heldRead, :productId
with "change_0" as (insert into "product_history" ("id", "product_id", "version", "kind", "actor", "actor_name", "at", "delta", "quantity_after", "changes", "revert_of", "moved", "from_location_id", "to_location_id") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)), "change_1" as (
  insert into stock_daily (day, shard, delivered_units, restocked_units, units_change, value_change_paisa)
  values ($15, $16, cast($17 as bigint), cast($18 as bigint), cast($19 as bigint), cast($20 as bigint))
  on conflict (day, shard) do update set
    delivered_units = stock_daily.delivered_units + excluded.delivered_units,
    restocked_units = stock_daily.restocked_units + excluded.restocked_units,
    units_change = stock_daily.units_change + excluded.units_change,
    value_change_paisa = stock_daily.value_change_paisa + excluded.value_change_paisa
), "change_2" as (
  insert into product_daily (product_id, day, delivered_units, restocked_units, quantity_end)
  values ($21, $22, $23, $24, $25)
  on conflict (product_id, day) do update set
    delivered_units = product_daily.delivered_units + excluded.delivered_units,
    restocked_units = product_daily.restocked_units + excluded.restocked_units,
    quantity_end = excluded.quantity_end
) update products set "updated_at" = $26, "warranty_months" = $27,
    version = case when version = $28 and held = $29
      then version + 1 end
    where id = $30 returning *;

-- ProductRepository: by id
-- parameters: :id
select * from "products" where "id" = $1;

-- ProductRepository: by supplier
-- parameters: :email, :limit, :offset
select *, null as "location_quantity" from "products" where "supplier_email" = $1 and "deleted_at" is null order by "created_at" asc, "id" asc limit $2 offset $3;

-- ProductRepository: count by supplier
-- parameters: :email
select count(*) as "total" from "products" where "supplier_email" = $1 and "deleted_at" is null;

-- ProductRepository: live by id
-- parameters: :id
select * from "products" where "id" = $1 and "deleted_at" is null;

-- ProductRepository: to change
-- parameters: :id
select *, (select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_object_agg(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_agg(id) from locations where kind = 'quarantine') as "quarantine" from "products" where "id" = $1;

-- ProductRepository: to change, locked
-- parameters: :id
select *, (select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_object_agg(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_agg(id) from locations where kind = 'quarantine') as "quarantine" from "products" where "id" = $1 for update;

-- ProductRepository: to change, with units
-- parameters: :keys, :id
select *, (select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_object_agg(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_agg(id) from locations where kind = 'quarantine') as "quarantine", (select json_agg(json_build_object('key', s.serial_key, 'id', u.id,
        'productId', u.product_id, 'serial', u.serial, 'pairedSerial', u.paired_serial,
        'locationId', u.location_id, 'status', u.status, 'receivedAt', u.received_at))
        from unit_serials s join units u on u.id = s.unit_id
        where s.serial_key in (select json_array_elements_text(cast($1 as json)) as value)) as "units" from "products" where "id" = $2;

-- ProductRepository: to change, with units, locked
-- parameters: :keys, :id
select *, (select json_object_agg(location_id, quantity) from stock_levels
            where product_id = products.id and quantity > 0) as "levels", (select json_object_agg(location_id, reserved) from stock_levels
            where product_id = products.id and reserved > 0) as "reserved", (select json_agg(id) from locations where kind = 'quarantine') as "quarantine", (select json_agg(json_build_object('key', s.serial_key, 'id', u.id,
        'productId', u.product_id, 'serial', u.serial, 'pairedSerial', u.paired_serial,
        'locationId', u.location_id, 'status', u.status, 'receivedAt', u.received_at))
        from unit_serials s join units u on u.id = s.unit_id
        where s.serial_key in (select json_array_elements_text(cast($1 as json)) as value)) as "units" from "products" where "id" = $2 for update;

-- ProductSearch: capped count created asc live     q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') limit $3) as "matches";

-- ProductSearch: capped count created asc live     q1 after none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') limit $3) as "matches";

-- ProductSearch: capped count created asc live     q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') limit $11) as "matches";

-- ProductSearch: capped count created asc live     q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) limit $14) as "matches";

-- ProductSearch: capped count created asc live   category  q0  none
-- parameters: :category, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = $1 limit $2) as "matches";

-- ProductSearch: capped count created asc live   category range< q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMax0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) <= cast($4 as numeric)) limit $5) as "matches";

-- ProductSearch: capped count created asc live   category range> q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMin0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) >= cast($4 as numeric)) limit $5) as "matches";

-- ProductSearch: capped count created asc live   category range>< q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMin0, :attrKey0, :attrKey0, :attrMax0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) >= cast($4 as numeric) and (case when jsonb_typeof(cast(attributes as jsonb) -> $5) = 'number' then cast((cast(attributes as jsonb) ->> $6) as numeric) end) <= cast($7 as numeric)) limit $8) as "matches";

-- ProductSearch: capped count created asc live   category text,boolean q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrValue0, :attrKey1, :attrKey1, :attrValue1, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and "category_id" = $1 and (jsonb_typeof(cast(attributes as jsonb) -> $2) = 'string' and (cast(attributes as jsonb) ->> $3) = $4) and (jsonb_typeof(cast(attributes as jsonb) -> $5) = 'boolean' and (cast(attributes as jsonb) ->> $6) = $7) limit $8) as "matches";

-- ProductSearch: capped count created asc live low    q0  none
-- parameters: 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held limit $1) as "matches";

-- ProductSearch: capped count created asc trash     q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') limit $3) as "matches";

-- ProductSearch: capped count created asc trash     q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') limit $11) as "matches";

-- ProductSearch: capped count created asc trash     q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) limit $14) as "matches";

-- ProductSearch: capped count price asc live low    q1  none
-- parameters: :word0, :word0, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') limit $3) as "matches";

-- ProductSearch: capped count price asc live low    q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') limit $11) as "matches";

-- ProductSearch: capped count price asc live low    q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001
select count(*) as "total" from (select 1 as "one" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) limit $14) as "matches";

-- ProductSearch: collect created asc live     q1  none
-- parameters: :word0, :word0, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') order by created_at asc, "id" asc limit $3) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit $4 offset $5;

-- ProductSearch: collect created asc live     q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') order by created_at asc, "id" asc limit $11) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit $12 offset $13;

-- ProductSearch: collect created asc live     q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) order by created_at asc, "id" asc limit $14) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by created_at asc, "id" asc limit $15 offset $16;

-- ProductSearch: collect created asc trash     q1  none
-- parameters: :word0, :word0, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') order by deleted_at asc, "id" asc limit $3) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit $4 offset $5;

-- ProductSearch: collect created asc trash     q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') order by deleted_at asc, "id" asc limit $11) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit $12 offset $13;

-- ProductSearch: collect created asc trash     q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is not null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) order by deleted_at asc, "id" asc limit $14) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by deleted_at asc, "id" asc limit $15 offset $16;

-- ProductSearch: collect price asc live low    q1  none
-- parameters: :word0, :word0, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') order by price_paisa asc, "id" asc limit $3) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit $4 offset $5;

-- ProductSearch: collect price asc live low    q5  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') order by price_paisa asc, "id" asc limit $11) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit $12 offset $13;

-- ProductSearch: collect price asc live low    q6+  none
-- parameters: :word0, :word0, :word1, :word1, :word2, :word2, :word3, :word3, :word4, :word4, :word5, :word5, :rest, 1001, :limit, :offset
with "hits" as materialized (select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (lower(name) like $3 escape '\' or lower(model) like $4 escape '\') and (lower(name) like $5 escape '\' or lower(model) like $6 escape '\') and (lower(name) like $7 escape '\' or lower(model) like $8 escape '\') and (lower(name) like $9 escape '\' or lower(model) like $10 escape '\') and (lower(name) like $11 escape '\' or lower(model) like $12 escape '\') and not exists (
      select 1 from jsonb_array_elements_text(cast($13 as jsonb)) as words(value) where not coalesce((lower(name) like words.value escape '\' or lower(model) like words.value escape '\'), false)
    ) order by price_paisa asc, "id" asc limit $14) select *, (select count(*) as "n" from "hits") as "matches" from "hits" order by price_paisa asc, "id" asc limit $15 offset $16;

-- ProductSearch: counter   live     q0  none
-- parameters: "live"
select "total" from "product_counts" where "scope" = $1;

-- ProductSearch: counter   trash     q0  none
-- parameters: "deleted"
select "total" from "product_counts" where "scope" = $1;

-- ProductSearch: low-stock count
-- parameters: none
select "total" from "low_stock_count";

-- ProductSearch: page created asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by created_at asc, "id" asc limit $1 offset $2;

-- ProductSearch: page created asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (created_at, id) > (cast($1 as timestamptz), $2) order by created_at asc, "id" asc limit $3 offset $4;

-- ProductSearch: page created asc live     q1 after none
-- parameters: :word0, :word0, :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) like $1 escape '\' or lower(model) like $2 escape '\') and (created_at, id) > (cast($3 as timestamptz), $4) order by created_at asc, "id" asc limit $5 offset $6;

-- ProductSearch: page created asc live   category  q0  none
-- parameters: :category, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = $1 order by created_at asc, "id" asc limit $2 offset $3;

-- ProductSearch: page created asc live   category range< q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMax0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) <= cast($4 as numeric)) order by created_at asc, "id" asc limit $5 offset $6;

-- ProductSearch: page created asc live   category range> q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMin0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) >= cast($4 as numeric)) order by created_at asc, "id" asc limit $5 offset $6;

-- ProductSearch: page created asc live   category range>< q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrMin0, :attrKey0, :attrKey0, :attrMax0, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = $1 and ((case when jsonb_typeof(cast(attributes as jsonb) -> $2) = 'number' then cast((cast(attributes as jsonb) ->> $3) as numeric) end) >= cast($4 as numeric) and (case when jsonb_typeof(cast(attributes as jsonb) -> $5) = 'number' then cast((cast(attributes as jsonb) ->> $6) as numeric) end) <= cast($7 as numeric)) order by created_at asc, "id" asc limit $8 offset $9;

-- ProductSearch: page created asc live   category text,boolean q0  none
-- parameters: :category, :attrKey0, :attrKey0, :attrValue0, :attrKey1, :attrKey1, :attrValue1, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and "category_id" = $1 and (jsonb_typeof(cast(attributes as jsonb) -> $2) = 'string' and (cast(attributes as jsonb) ->> $3) = $4) and (jsonb_typeof(cast(attributes as jsonb) -> $5) = 'boolean' and (cast(attributes as jsonb) ->> $6) = $7) order by created_at asc, "id" asc limit $8 offset $9;

-- ProductSearch: page created asc live low    q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and low_stock_threshold >= quantity - held order by created_at asc, "id" asc limit $1 offset $2;

-- ProductSearch: page created asc trash     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is not null order by deleted_at asc, "id" asc limit $1 offset $2;

-- ProductSearch: page created desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by created_at desc, "id" desc limit $1 offset $2;

-- ProductSearch: page created desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (created_at, id) < (cast($1 as timestamptz), $2) order by created_at desc, "id" desc limit $3 offset $4;

-- ProductSearch: page name asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by lower(name) collate "C" asc, "id" asc limit $1 offset $2;

-- ProductSearch: page name asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) collate "C", id) > (lower($1) collate "C", $2) order by lower(name) collate "C" asc, "id" asc limit $3 offset $4;

-- ProductSearch: page name desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by lower(name) collate "C" desc, "id" desc limit $1 offset $2;

-- ProductSearch: page name desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (lower(name) collate "C", id) < (lower($1) collate "C", $2) order by lower(name) collate "C" desc, "id" desc limit $3 offset $4;

-- ProductSearch: page name desc trash     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is not null order by lower(name) collate "C" desc, "id" desc limit $1 offset $2;

-- ProductSearch: page price asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by price_paisa asc, "id" asc limit $1 offset $2;

-- ProductSearch: page price asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (price_paisa, id) > (cast($1 as bigint), $2) order by price_paisa asc, "id" asc limit $3 offset $4;

-- ProductSearch: page price desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by price_paisa desc, "id" desc limit $1 offset $2;

-- ProductSearch: page price desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (price_paisa, id) < (cast($1 as bigint), $2) order by price_paisa desc, "id" desc limit $3 offset $4;

-- ProductSearch: page quantity asc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by quantity asc, "id" asc limit $1 offset $2;

-- ProductSearch: page quantity asc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (quantity, id) > (cast($1 as integer), $2) order by quantity asc, "id" asc limit $3 offset $4;

-- ProductSearch: page quantity desc live     q0  none
-- parameters: :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null order by quantity desc, "id" desc limit $1 offset $2;

-- ProductSearch: page quantity desc live     q0 after none
-- parameters: :afterKey, :afterId, :limit, :offset
select *, null as "location_quantity" from "products" where "deleted_at" is null and (quantity, id) < (cast($1 as integer), $2) order by quantity desc, "id" desc limit $3 offset $4;
