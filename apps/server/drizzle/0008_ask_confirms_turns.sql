-- A streamed follow-up's model call starts with the turns the server expected (kept in process, or
-- read just before: modules/chat/ask-service.ts), so the statement that stores its question need
-- not send the whole history back (up to 200 rows) only for the server to compare it: the server
-- sends a digest of the turns it expected (modules/chat/turns-digest.ts), and the history comes
-- back only when the stored turns differ. The read before the call does the same with the turns a
-- replica kept. The functions of migrations 0005/0006 and 0007 stay as they were, for a replica
-- that still calls them during a rolling upgrade.
--
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
-- NULL when the conversation is not this user's in this module; JSON true when the digest of its
-- turns is p_known_digest; else its turns, as migration 0007 reads them.
CREATE OR REPLACE FUNCTION portal_chat_turns(
  p_user_id integer, p_module text, p_conv_id text, p_rows integer, p_known_digest text
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  PERFORM 1 FROM conversations WHERE id = p_conv_id AND user_id = p_user_id AND module = p_module;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF portal_chat_turns_digest(p_conv_id, NULL, p_rows) = p_known_digest THEN
    RETURN 'true'::jsonb;
  END IF;
  RETURN portal_chat_turns(p_user_id, p_module, p_conv_id, p_rows);
END $$;
