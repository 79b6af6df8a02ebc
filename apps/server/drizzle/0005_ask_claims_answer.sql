-- A streamed chat question is stored and its answer's generation lease taken in the same round
-- trip (modules/chat/ask-statement.ts): the process that stores the answer row is the one that
-- generates it, so no other process can hold the lease and no second statement is needed before
-- the first token. portal_chat_ask stays as it is for asynchronous answers, whose job claims the
-- lease on whichever replica takes it.
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
  RETURN v_result;
END $$;
