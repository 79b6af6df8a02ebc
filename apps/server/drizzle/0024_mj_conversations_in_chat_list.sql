-- Image conversations (module type 1) become rows of the chatgpt app's conversations, so the chat
-- conversation list, rename and delete see them (section 3: a conversation's `type`). Their turns
-- now reference that table; mj_conversations goes.
INSERT INTO "conversations" ("id", "user_id", "module", "type", "title", "auto_title", "model_type",
    "last_prompt_temperature", "created_at", "updated_at")
  SELECT "id", "owner_id", 'chatgpt', 1, "title", false, 0, 0, "created_at", "updated_at" FROM "mj_conversations";
--> statement-breakpoint
ALTER TABLE "mj_messages" DROP CONSTRAINT "mj_messages_conv_id_fkey";
--> statement-breakpoint
ALTER TABLE "mj_messages" ADD CONSTRAINT "mj_messages_conv_id_conversations_id_fk"
  FOREIGN KEY ("conv_id") REFERENCES "conversations"("id") ON DELETE CASCADE;
--> statement-breakpoint
DROP TABLE "mj_conversations";
--> statement-breakpoint
-- The user's conversation in the module, locked for the ask; all NULL when it is not theirs.
-- An image conversation (type 1) takes no chat question: it is not found here either.
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
