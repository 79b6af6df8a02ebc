-- A replica keeps the recent turns of the conversations it answered (modules/chat/recent-turns.ts)
-- and starts a follow-up's model call with them, without reading them first, while it hears from
-- the other replicas which conversations they asked in: the streamed ask of a question in an
-- existing conversation now notifies 'portal_chat_turns' with the asking process and the
-- conversation. The statement still compares the turns by digest, so a notification that comes
-- late costs a model call asked again, never a wrong history. Otherwise as in migration 0008.
-- Deleted rows notify too, with no process named, so that every replica forgets.
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
  v_history jsonb;
BEGIN
  -- Without a digest (or for a new conversation) this is exactly the call of migration 0006;
  -- with one, the history is left to the comparison below.
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
  -- The history as portal_chat_ask reads it (migration 0004).
  SELECT COALESCE(jsonb_agg(jsonb_build_object('role', h.role, 'content', h.content) ORDER BY h.seq), '[]'::jsonb)
    INTO v_history
    FROM (
      SELECT role, content, seq FROM chat_messages
      WHERE conv_id = p_conv_id AND seq <= v_question_seq
      ORDER BY seq DESC LIMIT p_history_rows
    ) h
    WHERE h.content <> '';
  RETURN v_result || jsonb_build_object('history', v_history);
END $$;
--> statement-breakpoint
-- Rows deleted (a conversation deleted, an answer regenerated, a retention sweep): no process keeps
-- the conversation's turns. Notified once per conversation and transaction, whatever the rows.
CREATE OR REPLACE FUNCTION portal_chat_turns_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_chat_turns', ' ' || OLD.conv_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_turns_deleted AFTER DELETE ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION portal_chat_turns_deleted();
