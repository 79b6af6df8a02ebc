-- A streamed chat question also learns how many asks of the window it has used
-- (modules/chat/quota-hints.ts): the next question of that user may then start its model call
-- while this statement runs, because the quota is known to have room. Nothing else changes.
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
    v_result := v_result || jsonb_build_object('used', (
      SELECT count(*) FROM chat_usage
      WHERE user_id = p_user_id AND module = p_module AND created_at >= p_since));
  END IF;
  RETURN v_result;
END $$;
