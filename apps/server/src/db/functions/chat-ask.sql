-- The current definitions of the chat ask's database functions: what a new question does in one
-- round trip (modules/chat/ask-statement.ts), and what regenerating an answer does in one
-- (modules/chat/regenerate-statement.ts). Migrations 0004, 0006, 0008, 0009, 0019 and 0024 wrote them one
-- after another; a migration already applied is never edited, so this file is where they are read
-- whole. test/db/chat-ask-functions.test.ts checks that it matches the database after migrating:
-- a migration that changes one of these functions changes this file too.
--
-- Each rule the ask and the regeneration share is one function (migration 0019): the quota count
-- (portal_chat_used, portal_chat_admit), the ownership (portal_chat_conversation), the settings
-- and the auto-title (portal_chat_record_ask), the history (portal_chat_history).
--
-- Migration 0019:
-- The asks of a user's window in a module, as the quota counts them.
CREATE OR REPLACE FUNCTION portal_chat_used(
  p_user_id integer, p_module text, p_since timestamptz
) RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*) FROM chat_usage
    WHERE user_id = p_user_id AND module = p_module AND created_at >= p_since);
END $$;
--> statement-breakpoint
-- Whether an ask fits the quota (a NULL limit: unlimited). It first waits for this user's other
-- asks in the module, whose transactions hold the lock until they commit; in PL/pgSQL each
-- statement takes a fresh snapshot, so the count after the lock sees every ask that committed
-- while this one waited.
CREATE OR REPLACE FUNCTION portal_chat_admit(
  p_user_id integer, p_module text, p_module_type integer, p_limit integer, p_since timestamptz
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(p_user_id, p_module_type);
  RETURN p_limit IS NULL OR portal_chat_used(p_user_id, p_module, p_since) < p_limit;
END $$;
--> statement-breakpoint
-- The user's conversation in the module, locked for the ask; all NULL when it is not theirs.
-- An image conversation (type 1) takes no chat question: it is not found here either (0024).
CREATE OR REPLACE FUNCTION portal_chat_conversation(
  p_user_id integer, p_module text, p_conv_id text
) RETURNS conversations LANGUAGE plpgsql AS $$
DECLARE
  v_conv conversations;
BEGIN
  SELECT * INTO v_conv FROM conversations
    WHERE id = p_conv_id AND user_id = p_user_id AND module = p_module AND type <> 1 FOR UPDATE;
  RETURN v_conv;
END $$;
--> statement-breakpoint
-- A question asked (or asked again) in an existing conversation: the settings it was asked with,
-- and p_title when the conversation's title was made up (auto_title) rather than chosen.
CREATE OR REPLACE FUNCTION portal_chat_record_ask(
  p_conv_id text, p_title text, p_model_type integer, p_temperature double precision,
  p_lang integer, p_enable_mix boolean
) RETURNS conversations LANGUAGE plpgsql AS $$
DECLARE
  v_conv conversations;
BEGIN
  UPDATE conversations SET
    model_type = p_model_type,
    last_prompt_temperature = p_temperature,
    lang = COALESCE(p_lang, lang),
    enable_mix = COALESCE(p_enable_mix, enable_mix),
    title = CASE WHEN auto_title THEN p_title ELSE title END,
    auto_title = false,
    updated_at = now()
  WHERE id = p_conv_id
  RETURNING * INTO v_conv;
  RETURN v_conv;
END $$;
--> statement-breakpoint
-- The turns a model is sent for a question: the conversation's last p_rows rows up to it, oldest
-- first, the empty ones (an answer not written yet) left out.
CREATE OR REPLACE FUNCTION portal_chat_history(
  p_conv_id text, p_upto_seq bigint, p_rows integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_history jsonb;
BEGIN
  SELECT COALESCE(jsonb_agg(jsonb_build_object('role', h.role, 'content', h.content) ORDER BY h.seq), '[]'::jsonb)
    INTO v_history
    FROM (
      SELECT role, content, seq FROM chat_messages
      WHERE conv_id = p_conv_id AND seq <= p_upto_seq
      ORDER BY seq DESC LIMIT p_rows
    ) h
    WHERE h.content <> '';
  RETURN v_history;
END $$;
--> statement-breakpoint
-- Migration 0008:
-- The digest of a conversation's turns: its last p_rows rows up to p_upto_seq (all when NULL), the
-- empty ones left out as the history leaves them out, each as role:bytes:content.
CREATE OR REPLACE FUNCTION portal_chat_turns_digest(
  p_conv_id text, p_upto_seq bigint, p_rows integer
) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_digest text;
BEGIN
  SELECT encode(sha256(convert_to(COALESCE(
      string_agg(h.role || ':' || octet_length(h.content) || ':' || h.content, '' ORDER BY h.seq), ''),
      'UTF8')), 'hex')
    INTO v_digest
    FROM (
      SELECT role, content, seq FROM chat_messages
      WHERE conv_id = p_conv_id AND (p_upto_seq IS NULL OR seq <= p_upto_seq)
      ORDER BY seq DESC LIMIT p_rows
    ) h
    WHERE h.content <> '';
  RETURN v_digest;
END $$;
--> statement-breakpoint
-- Migration 0019:
-- The prepare step of a chat question in one round trip (modules/chat/ask-statement.ts): the
-- quota, the conversation (created, or checked and updated), the question and its answer
-- placeholder, the ask counted, and the history.
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
  IF NOT portal_chat_admit(p_user_id, p_module, p_module_type, p_limit, p_since) THEN
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
    v_conv := portal_chat_conversation(p_user_id, p_module, p_conv_id);
    IF v_conv.id IS NULL THEN
      RETURN jsonb_build_object('refused', 'gone');
    END IF;
    v_titled := v_conv.auto_title;
    v_conv := portal_chat_record_ask(p_conv_id, p_title, p_model_type, p_temperature, p_lang, p_enable_mix);
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
    v_history := portal_chat_history(v_conv.id, v_question.seq, p_history_rows);
  END IF;

  RETURN jsonb_build_object('conversation', to_jsonb(v_conv), 'question', to_jsonb(v_question),
    'answer', to_jsonb(v_answer), 'titled', v_titled, 'history', v_history);
END $$;
--> statement-breakpoint
-- portal_chat_ask, and the answer's generation lease taken with its rows; reports the asks of the
-- window used.
CREATE OR REPLACE FUNCTION portal_chat_ask_owned(
  p_user_id integer, p_module text, p_module_type integer,
  p_limit integer, p_since timestamptz,
  p_conv_id text, p_new_conv_id text, p_title text,
  p_question_id text, p_answer_id text, p_prompt text,
  p_model_type integer, p_temperature double precision,
  p_lang integer, p_enable_mix boolean, p_history_rows integer,
  p_store text, p_owner text, p_owner_host text, p_owner_pid integer, p_lease_ms integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
BEGIN
  v_result := portal_chat_ask(p_user_id, p_module, p_module_type, p_limit, p_since, p_conv_id, p_new_conv_id,
    p_title, p_question_id, p_answer_id, p_prompt, p_model_type, p_temperature, p_lang, p_enable_mix,
    p_history_rows);
  IF v_result ? 'refused' THEN
    RETURN v_result;
  END IF;
  INSERT INTO generations (message_id, store, owner, owner_host, owner_pid, lease_until)
    VALUES (p_answer_id, p_store, p_owner, p_owner_host, p_owner_pid,
      now() + p_lease_ms * interval '1 millisecond');
  IF p_limit IS NOT NULL THEN
    v_result := v_result || jsonb_build_object('used', portal_chat_used(p_user_id, p_module, p_since));
  END IF;
  RETURN v_result;
END $$;
--> statement-breakpoint
-- portal_chat_ask_owned with the digest of the turns the server expected: notifies the other
-- replicas of a follow-up, and sends the history back only when it differs.
CREATE OR REPLACE FUNCTION portal_chat_ask_owned(
  p_user_id integer, p_module text, p_module_type integer,
  p_limit integer, p_since timestamptz,
  p_conv_id text, p_new_conv_id text, p_title text,
  p_question_id text, p_answer_id text, p_prompt text,
  p_model_type integer, p_temperature double precision,
  p_lang integer, p_enable_mix boolean, p_history_rows integer,
  p_store text, p_owner text, p_owner_host text, p_owner_pid integer, p_lease_ms integer,
  p_turns_digest text
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
  v_question_seq bigint;
BEGIN
  -- Without a digest (or for a new conversation) this is exactly the call without one; with one,
  -- the history is left to the comparison below.
  v_result := portal_chat_ask_owned(p_user_id, p_module, p_module_type, p_limit, p_since, p_conv_id,
    p_new_conv_id, p_title, p_question_id, p_answer_id, p_prompt, p_model_type, p_temperature, p_lang,
    p_enable_mix, CASE WHEN p_turns_digest IS NULL OR p_conv_id IS NULL THEN p_history_rows ELSE 0 END,
    p_store, p_owner, p_owner_host, p_owner_pid, p_lease_ms);
  IF p_conv_id IS NOT NULL AND NOT v_result ? 'refused' THEN
    -- Delivered to every replica's listener at commit (modules/chat/recent-turns.ts).
    PERFORM pg_notify('portal_chat_turns', p_owner || ' ' || p_conv_id);
  END IF;
  IF p_turns_digest IS NULL OR p_conv_id IS NULL OR v_result ? 'refused' THEN
    RETURN v_result;
  END IF;
  v_question_seq := (v_result -> 'question' ->> 'seq')::bigint;
  IF portal_chat_turns_digest(p_conv_id, v_question_seq, p_history_rows) = p_turns_digest THEN
    RETURN v_result || jsonb_build_object('history', NULL, 'turnsConfirmed', true);
  END IF;
  RETURN v_result || jsonb_build_object('history', portal_chat_history(p_conv_id, v_question_seq, p_history_rows));
END $$;
--> statement-breakpoint
-- Regenerating a conversation's last answer (modules/chat/regenerate-statement.ts), by the rules
-- of a new question: the quota, the ownership, the settings and the auto-title. The question asked
-- again is the conversation's last; the caller checks it (its prompt limits) and titles from it
-- before anything is stored, so a call that does not name it in p_question_id (or names another: a
-- question asked meanwhile) stores nothing and answers it as 'unconfirmed'. Then the answers after
-- it are replaced by one placeholder, the ask is counted, and the history comes back.
CREATE OR REPLACE FUNCTION portal_chat_regenerate(
  p_user_id integer, p_module text, p_module_type integer,
  p_limit integer, p_since timestamptz, p_conv_id text,
  p_question_id text, p_title text, p_answer_id text,
  p_model_type integer, p_temperature double precision,
  p_lang integer, p_enable_mix boolean, p_history_rows integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_conv conversations;
  v_question chat_messages;
  v_answer chat_messages;
  v_titled boolean;
BEGIN
  IF NOT portal_chat_admit(p_user_id, p_module, p_module_type, p_limit, p_since) THEN
    RETURN jsonb_build_object('refused', 'quota');
  END IF;
  IF p_conv_id IS NULL THEN
    RETURN jsonb_build_object('refused', 'no_conversation');
  END IF;
  v_conv := portal_chat_conversation(p_user_id, p_module, p_conv_id);
  IF v_conv.id IS NULL THEN
    RETURN jsonb_build_object('refused', 'gone');
  END IF;
  SELECT * INTO v_question FROM chat_messages
    WHERE conv_id = p_conv_id AND role = 'user' ORDER BY seq DESC LIMIT 1;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('refused', 'no_question');
  END IF;
  IF p_question_id IS DISTINCT FROM v_question.id THEN
    RETURN jsonb_build_object('refused', 'unconfirmed', 'question', to_jsonb(v_question));
  END IF;

  v_titled := v_conv.auto_title;
  DELETE FROM chat_messages WHERE conv_id = p_conv_id AND role = 'assistant' AND seq > v_question.seq;
  INSERT INTO chat_messages (id, conv_id, user_id, role, status, model_type, temperature)
    VALUES (p_answer_id, p_conv_id, p_user_id, 'assistant', 'generating', p_model_type, p_temperature)
    RETURNING * INTO v_answer;
  INSERT INTO chat_usage (user_id, module, conv_id, message_id)
    VALUES (p_user_id, p_module, p_conv_id, v_question.id);
  v_conv := portal_chat_record_ask(p_conv_id, p_title, p_model_type, p_temperature, p_lang, p_enable_mix);

  RETURN jsonb_build_object('conversation', to_jsonb(v_conv), 'question', to_jsonb(v_question),
    'answer', to_jsonb(v_answer), 'titled', v_titled,
    'history', portal_chat_history(p_conv_id, v_question.seq, p_history_rows));
END $$;
