-- Custom SQL migration file, put your code below! --
-- Issue 21 §2: the card game's own outbox rows (`cards_log`, `cards_turn`, `cards_round`, `cards_over`) become the
-- generic game-kind rows: kind `kind`, payload {type: 'kind', gameId, kind: 'cards', event, data, prompt}, where
-- `event` is the old kind without its prefix, `data` the old payload without `type` and `gameId`, and a turn ping is
-- a prompt (dropped if its game is cancelled). Pending rows are delivered by the new code after the upgrade; status
-- rows need nothing (their table is filled at delivery).
UPDATE `outbox` SET
  `payload` = json_object(
    'type', 'kind',
    'gameId', json_extract(`payload`, '$.gameId'),
    'kind', 'cards',
    'event', substr(`kind`, 7),
    'data', json(json_remove(`payload`, '$.type', '$.gameId'))
  ),
  `kind` = 'kind'
WHERE `kind` IN ('cards_log', 'cards_round', 'cards_over');
--> statement-breakpoint
UPDATE `outbox` SET
  `payload` = json_object(
    'type', 'kind',
    'gameId', json_extract(`payload`, '$.gameId'),
    'kind', 'cards',
    'prompt', json('true'),
    'event', 'turn',
    'data', json(json_remove(`payload`, '$.type', '$.gameId'))
  ),
  `kind` = 'kind'
WHERE `kind` = 'cards_turn';
