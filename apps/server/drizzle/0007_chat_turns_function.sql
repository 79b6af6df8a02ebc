-- The turns a follow-up question's model call starts with, read before the question is stored
-- (modules/chat/message-store.ts turnsBeforeQuestion): the rows and filter of portal_chat_ask's
-- history, less the question. A function, so that its plans are kept between calls: sent as a
-- plain query, parsing and planning it cost more than running it on the embedded engine.
-- NULL when the conversation is not this user's in this module.
CREATE OR REPLACE FUNCTION portal_chat_turns(
  p_user_id integer, p_module text, p_conv_id text, p_rows integer
) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_turns jsonb;
BEGIN
  PERFORM 1 FROM conversations WHERE id = p_conv_id AND user_id = p_user_id AND module = p_module;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT COALESCE(jsonb_agg(jsonb_build_object('role', h.role, 'content', h.content) ORDER BY h.seq), '[]'::jsonb)
    INTO v_turns
    FROM (
      SELECT role, content, seq FROM chat_messages
      WHERE conv_id = p_conv_id
      ORDER BY seq DESC LIMIT p_rows
    ) h
    WHERE h.content <> '';
  RETURN v_turns;
END $$;
