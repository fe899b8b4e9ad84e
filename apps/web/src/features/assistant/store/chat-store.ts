import type {
  AssistantModel,
  ChatMessage,
  ChatStreamEvent,
  ConversationDetail,
  GptTalkBody,
} from '@huijing/contracts';
import { createStore } from 'zustand/vanilla';
import {
  applyStreamEvent,
  endStreaming,
  localTurn,
  optimisticPair,
  questionBefore,
} from '../model/chat-model';

/** The chat state of spec §3 (inputMessage, uploadedImage, deepThinking, history refresh counter). */
export interface ChatState {
  conversationId: string | null;
  messages: ChatMessage[];
  model: AssistantModel;
  /** Spec §4: on by default. */
  deepThinking: boolean;
  inputMessage: string;
  /** A data URL after the §5 size rule, or the stored link of an earlier question's image. */
  uploadedImage: string | null;
  /** The answer being streamed, if any. */
  streamingId: string | null;
  /** Bumped after every answer so the history list and balances refresh (spec §3). */
  historyRefresh: number;
  loading: boolean;
  /** A conversation that could not be opened. */
  loadError: string | null;
}

export interface ChatActions {
  setInput: (text: string) => void;
  setImage: (image: string | null) => void;
  setModel: (model: AssistantModel) => void;
  setDeepThinking: (on: boolean) => void;
  send: () => Promise<void>;
  stop: () => void;
  regenerate: (answerId: string) => Promise<void>;
  newChat: () => void;
  open: (conversationId: string) => Promise<void>;
  /** A hand-off from another page ("ask the assistant about this result"). */
  handOff: (initial: { initialMessage?: string; initialImage?: string }) => void;
  /** The open conversation was deleted elsewhere in the page. */
  forget: (conversationId: string) => void;
}

export type ChatStore = ChatState & ChatActions;

export interface ChatDeps {
  stream: (
    body: GptTalkBody,
    onEvent: (event: ChatStreamEvent) => void,
    signal: AbortSignal,
  ) => Promise<void>;
  load: (conversationId: string) => Promise<ConversationDetail>;
  now?: () => Date;
}

const STOPPED = '已停止生成';
const isAbort = (e: unknown) => (e as { name?: unknown } | null)?.name === 'AbortError';
const messageOf = (e: unknown) =>
  e instanceof Error && e.message ? e.message : '网络连接中断，请重试';

export const initialChatState = (): ChatState => ({
  conversationId: null,
  messages: [],
  model: 'gpt',
  deepThinking: true,
  inputMessage: '',
  uploadedImage: null,
  streamingId: null,
  historyRefresh: 0,
  loading: false,
  loadError: null,
});

/** A vanilla store (tests drive it without React); the page binds it with useStore. */
export const createChatStore = (deps: ChatDeps) => {
  let controller: AbortController | null = null;
  /** Ignores answers and loads that a newer action replaced. */
  let generation = 0;
  /** Numbers the local ids of each send's pair. */
  let sends = 0;

  return createStore<ChatStore>()((set, get) => {
    const ask = async (text: string, image: string) => {
      const state = get();
      if (state.streamingId) return;
      const own = new AbortController();
      controller = own;
      const mine = ++generation;
      let turn = localTurn(++sends);
      let started = false;
      set({
        messages: [
          ...state.messages,
          ...optimisticPair(
            {
              text,
              imagePreview: image,
              model: state.model,
              deepThinking: state.deepThinking,
              at: (deps.now?.() ?? new Date()).toISOString(),
            },
            turn,
          ),
        ],
        streamingId: turn.answerId,
        inputMessage: '',
      });
      const onEvent = (event: ChatStreamEvent) => {
        if (mine !== generation) return;
        const next = applyStreamEvent(get().messages, event, turn);
        turn = next.turn;
        if (event.type === 'start') {
          started = true;
          set({
            messages: next.messages,
            streamingId: turn.answerId,
            conversationId: event.conversation.id,
            // Follow-ups send the stored image by its link instead of uploading it again.
            uploadedImage: event.question.image?.url ?? get().uploadedImage,
          });
        } else set({ messages: next.messages });
      };
      try {
        await deps.stream(
          {
            conversationId: state.conversationId,
            model: state.model,
            inputMessage: text,
            uploadedImage: image,
            deepThinking: state.deepThinking,
          },
          onEvent,
          own.signal,
        );
        if (mine !== generation) return;
        // A body that ended without done/error: what arrived is the answer.
        set({
          messages: endStreaming(get().messages, turn.answerId, {
            status: 'stopped',
            error: '回答意外中断，可重新生成',
          }),
        });
      } catch (error) {
        if (mine !== generation) return;
        const stopped = own.signal.aborted || isAbort(error);
        set({
          messages: endStreaming(get().messages, turn.answerId, {
            status: stopped ? 'stopped' : 'failed',
            error: stopped ? STOPPED : messageOf(error),
          }),
          // Refused before it started: give the text back for another try.
          ...(!started && !stopped && { inputMessage: text }),
        });
      } finally {
        if (mine === generation) {
          controller = null;
          set((s) => ({ streamingId: null, historyRefresh: s.historyRefresh + 1 }));
        }
      }
    };

    const abandon = () => {
      generation += 1;
      controller?.abort();
      controller = null;
    };

    return {
      ...initialChatState(),
      setInput: (inputMessage) => set({ inputMessage }),
      setImage: (uploadedImage) => set({ uploadedImage }),
      setModel: (model) => set({ model }),
      setDeepThinking: (deepThinking) => set({ deepThinking }),

      send: async () => {
        const { uploadedImage, inputMessage } = get();
        // Spec §4: a question goes out only with an image.
        if (!uploadedImage) return;
        await ask(inputMessage.trim(), uploadedImage);
      },

      stop: () => controller?.abort(),

      regenerate: async (answerId) => {
        const question = questionBefore(get().messages, answerId);
        if (!question?.image) return;
        await ask(question.content, question.image.url);
      },

      newChat: () => {
        abandon();
        set((s) => ({
          ...initialChatState(),
          model: s.model,
          deepThinking: s.deepThinking,
          historyRefresh: s.historyRefresh,
        }));
      },

      open: async (conversationId) => {
        abandon();
        const mine = generation;
        set({ loading: true, loadError: null, streamingId: null });
        try {
          const detail = await deps.load(conversationId);
          if (mine !== generation) return;
          const lastImage = [...detail.messages].reverse().find((m) => m.image)?.image?.url;
          set({
            conversationId: detail.conversation.id,
            messages: detail.messages,
            model: detail.conversation.model,
            uploadedImage: lastImage ?? null,
            inputMessage: '',
            loading: false,
          });
        } catch (error) {
          if (mine !== generation) return;
          set({ loading: false, loadError: messageOf(error) });
        }
      },

      handOff: ({ initialMessage, initialImage }) => {
        abandon();
        set((s) => ({
          ...initialChatState(),
          model: s.model,
          historyRefresh: s.historyRefresh,
          inputMessage: initialMessage ?? '',
          uploadedImage: initialImage ?? null,
        }));
      },

      forget: (conversationId) => {
        if (get().conversationId === conversationId) get().newChat();
      },
    };
  });
};
