import { create } from 'zustand';

/**
 * Opens the help dialogs of spec §2 (guide, contact, client download, extension) and the privacy
 * settings from anywhere — the header's help menu, the agreement's "联系客服", an error that says
 * to contact support — without importing the help feature, which app/ mounts once.
 */
export type HelpDialog = 'contact' | 'client' | 'extension' | 'privacy';

interface HelpDialogsState {
  open: HelpDialog | null;
  /** Bumped to replay the tool-page guide from the help menu. */
  guideRequests: number;
  openDialog: (dialog: HelpDialog) => void;
  close: () => void;
  replayGuide: () => void;
}

export const useHelpDialogs = create<HelpDialogsState>()((set) => ({
  open: null,
  guideRequests: 0,
  openDialog: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
  replayGuide: () => set((s) => ({ guideRequests: s.guideRequests + 1 })),
}));

export const openContact = (): void => useHelpDialogs.getState().openDialog('contact');
