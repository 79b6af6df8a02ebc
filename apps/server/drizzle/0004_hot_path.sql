-- Per-process caches (the auth gate's user read, quota rules) are dropped when these notifications
-- say what they hold changed, on every replica (services/cache/notified-cache.ts).
CREATE OR REPLACE FUNCTION portal_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_gate_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_gate', OLD.id::text);
  ELSE
    PERFORM pg_notify('portal_gate', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_gate_notify AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION portal_gate_notify_user();
--> statement-breakpoint
CREATE TRIGGER users_gate_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_all('portal_gate');
--> statement-breakpoint
CREATE TRIGGER settings_gate_notify AFTER INSERT OR UPDATE ON settings
  FOR EACH ROW WHEN (NEW.key = 'rights_version') EXECUTE FUNCTION portal_notify_all('portal_gate');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_quota_rules_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('portal_quota_rules', OLD.quota_key);
  ELSE
    PERFORM pg_notify('portal_quota_rules', NEW.quota_key);
    IF TG_OP = 'UPDATE' AND OLD.quota_key <> NEW.quota_key THEN
      PERFORM pg_notify('portal_quota_rules', OLD.quota_key);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quota_rules_notify AFTER INSERT OR UPDATE OR DELETE ON quota_rules
  FOR EACH ROW EXECUTE FUNCTION portal_quota_rules_notify();
--> statement-breakpoint
CREATE TRIGGER quota_rules_notify_truncate AFTER TRUNCATE ON quota_rules
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_all('portal_quota_rules');
--> statement-breakpoint
-- The prepare step of a chat question in one round trip (modules/chat/ask-statement.ts). In
-- PL/pgSQL each statement takes a fresh snapshot, so the count after the lock sees every ask that
-- committed while this one waited.
CREATE OR REPLACE FUNCTION portal_chat_ask(
  p_user_id integer, p_module text, p_module_type integer,
  p_limit integer, p_since timestamptz,
  p_conv_id text, p_new_conv_id text, p_title text,
  p_question_id text, p_answer_id text, p_prompt text,
  p_model_type integer, p_temperature double precision,
  p_lang integer, p_enable_mix boolean, p_history_rows integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_conv conversations;
  v_question chat_messages;
  v_answer chat_messages;
  v_titled boolean;
  v_history jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(p_user_id, p_module_type);
  IF p_limit IS NOT NULL AND (
    SELECT count(*) FROM chat_usage
    WHERE user_id = p_user_id AND module = p_module AND created_at >= p_since
  ) >= p_limit THEN
    RETURN jsonb_build_object('refused', 'quota');
  END IF;

  IF p_conv_id IS NULL THEN
    INSERT INTO conversations (id, user_id, module, type, title, auto_title, model_type,
      last_prompt_temperature, lang, enable_mix, created_at, updated_at)
    VALUES (p_new_conv_id, p_user_id, p_module, p_module_type, p_title, false, p_model_type,
      p_temperature, p_lang, p_enable_mix, now(), now())
    RETURNING * INTO v_conv;
    v_titled := true;
  ELSE
    SELECT * INTO v_conv FROM conversations
      WHERE id = p_conv_id AND user_id = p_user_id AND module = p_module FOR UPDATE;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('refused', 'gone');
    END IF;
    v_titled := v_conv.auto_title;
    UPDATE conversations SET
      model_type = p_model_type,
      last_prompt_temperature = p_temperature,
      lang = COALESCE(p_lang, lang),
      enable_mix = COALESCE(p_enable_mix, enable_mix),
      title = CASE WHEN v_titled THEN p_title ELSE title END,
      auto_title = CASE WHEN v_titled THEN false ELSE auto_title END,
      updated_at = now()
    WHERE id = p_conv_id
    RETURNING * INTO v_conv;
  END IF;

  INSERT INTO chat_messages (id, conv_id, user_id, role, content, status, model_type, temperature)
    VALUES (p_question_id, v_conv.id, p_user_id, 'user', p_prompt, 'done', p_model_type, p_temperature)
    RETURNING * INTO v_question;
  INSERT INTO chat_messages (id, conv_id, user_id, role, status, model_type, temperature)
    VALUES (p_answer_id, v_conv.id, p_user_id, 'assistant', 'generating', p_model_type, p_temperature)
    RETURNING * INTO v_answer;
  INSERT INTO chat_usage (user_id, module, conv_id, message_id)
    VALUES (p_user_id, p_module, v_conv.id, v_question.id);

  IF p_conv_id IS NOT NULL THEN
    SELECT COALESCE(jsonb_agg(jsonb_build_object('role', h.role, 'content', h.content) ORDER BY h.seq), '[]'::jsonb)
      INTO v_history
      FROM (
        SELECT role, content, seq FROM chat_messages
        WHERE conv_id = v_conv.id AND seq <= v_question.seq
        ORDER BY seq DESC LIMIT p_history_rows
      ) h
      WHERE h.content <> '';
  END IF;

  RETURN jsonb_build_object('conversation', to_jsonb(v_conv), 'question', to_jsonb(v_question),
    'answer', to_jsonb(v_answer), 'titled', v_titled, 'history', v_history);
END $$;
