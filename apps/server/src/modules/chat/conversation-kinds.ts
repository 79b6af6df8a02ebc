import type { ChatModule } from '@portal/contract';

/**
 * Conversations of another type that another module keeps in a chat module's conversation table
 * (the image conversations of the chatgpt app, type 1, kept by the mj module). The chat module lists
 * and renames them like its own; deleting one is the owning module's, which has more to clean up
 * than the rows (unfinished jobs, stored images), and a chat question to one is refused.
 */
export interface ConversationKind {
  type: number;
  module: ChatModule;
  /** Deletes the user's conversation of this kind, or answers like an unknown id. */
  remove(userId: number, convId: string): Promise<void>;
}

export class ConversationKinds {
  private readonly kinds: ConversationKind[] = [];

  register(kind: ConversationKind): void {
    this.kinds.push(kind);
  }

  /** The other kind of this type shown in the module's list, if any. */
  of(module: ChatModule, type: number): ConversationKind | undefined {
    return this.kinds.find((k) => k.module === module && k.type === type);
  }
}
