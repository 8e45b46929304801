-- Custom SQL migration file, put your code below! --
-- Issue 21 §3: Warhammer's own tables become the generic phase steps and the variant's records (kinds and step
-- names are its plug-in's, src/variants/warhammer/plugin/); pending provisional-results posts become step posts.
-- The old tables are dropped by the next migration, once nothing reads them.
INSERT INTO `phase_steps` (`phase_id`, `game_id`, `step`, `started_at`, `reminded_at`, `token`)
SELECT `phase_id`, `game_id`, CASE `stage` WHEN 'declaring' THEN 'declarations' WHEN 'battles' THEN 'battles' ELSE NULL END, `started_at`, `reminded_at`, `token`
FROM `decisive_steps` ORDER BY `phase_id`;
--> statement-breakpoint
INSERT INTO `variant_records` (`game_id`, `phase_id`, `kind`, `key`, `payload`, `written_by`, `updated_at`)
SELECT `game_id`, `phase_id`, 'battle-step', '',
  json_object('mode', `mode`, 'provisional', json(`provisional`), 'allowed', json(`allowed`), 'battles', json(`battles`), 'outcomes', json(`outcomes`),
    'declarationDeadlineMs', `declaration_deadline_ms`, 'battleDeadlineMs', `battle_deadline_ms`),
  NULL, `started_at`
FROM `decisive_steps` ORDER BY `phase_id`;
--> statement-breakpoint
INSERT INTO `variant_records` (`game_id`, `phase_id`, `kind`, `key`, `payload`, `written_by`, `updated_at`)
SELECT p.`game_id`, d.`phase_id`, 'declaration', d.`power` || '|' || d.`commander`,
  json_object('power', d.`power`, 'commander', d.`commander`, 'unit', d.`unit`, 'kind', d.`kind`, 'province', d.`province`, 'submittedAt', d.`submitted_at`),
  d.`submitted_by`, d.`submitted_at`
FROM `decisive_declarations` d JOIN `phases` p ON p.`id` = d.`phase_id` ORDER BY d.`id`;
--> statement-breakpoint
INSERT INTO `phase_steps` (`phase_id`, `game_id`, `step`, `started_at`, `reminded_at`, `token`)
SELECT s.`phase_id`, p.`game_id`, CASE WHEN MAX(s.`applied_at` IS NULL) = 1 THEN 'muster' ELSE NULL END, p.`started_at`, NULL, lower(hex(randomblob(8)))
FROM `start_choices` s JOIN `phases` p ON p.`id` = s.`phase_id`
WHERE s.`phase_id` NOT IN (SELECT `phase_id` FROM `decisive_steps`)
GROUP BY s.`phase_id` ORDER BY s.`phase_id`;
--> statement-breakpoint
INSERT INTO `variant_records` (`game_id`, `phase_id`, `kind`, `key`, `payload`, `written_by`, `updated_at`)
SELECT p.`game_id`, s.`phase_id`, 'muster-choice', s.`power`,
  json_object('city', s.`city`, 'unitType', s.`unit_type`, 'appliedAt', s.`applied_at`),
  s.`chosen_by`, COALESCE(s.`chosen_at`, p.`started_at`)
FROM `start_choices` s JOIN `phases` p ON p.`id` = s.`phase_id` ORDER BY s.`phase_id`, s.`power`;
--> statement-breakpoint
UPDATE `outbox` SET `kind` = 'step_post', `payload` = json_set(`payload`, '$.type', 'step_post', '$.picture', 'provisional') WHERE `kind` = 'decisive_provisional';
