import { create } from 'zustand';

/**
 * Opens the account dialogs from anywhere (a tool asking for sign-in, a purchase asking for face
 * verification) without features importing the auth feature: the dialogs themselves are mounted
 * once by app/ and read this store.
 */
export type LoginView = 'sms' | 'wechat';

interface FaceRequest {
  /** Resolves true once the check passed, false when the dialog closes without passing. */
  resolve: (passed: boolean) => void;
}

interface AccountDialogsState {
  login: { open: boolean; view: LoginView; returnTo?: string };
  face: FaceRequest | null;
  profile: boolean;
  openLogin: (options?: { view?: LoginView; returnTo?: string }) => void;
  closeLogin: () => void;
  setLoginView: (view: LoginView) => void;
  requestFaceVerification: () => Promise<boolean>;
  finishFaceVerification: (passed: boolean) => void;
  openProfile: () => void;
  closeProfile: () => void;
}

export const useAccountDialogs = create<AccountDialogsState>()((set, get) => ({
  login: { open: false, view: 'sms' },
  face: null,
  profile: false,
  openLogin: (options) =>
    set({
      login: { open: true, view: options?.view ?? 'sms', returnTo: options?.returnTo },
    }),
  closeLogin: () => set((s) => ({ login: { ...s.login, open: false } })),
  setLoginView: (view) => set((s) => ({ login: { ...s.login, view } })),
  requestFaceVerification: () =>
    new Promise<boolean>((resolve) => {
      get().face?.resolve(false);
      set({ face: { resolve } });
    }),
  finishFaceVerification: (passed) => {
    get().face?.resolve(passed);
    set({ face: null });
  },
  openProfile: () => set({ profile: true }),
  closeProfile: () => set({ profile: false }),
}));
