import { queryOptions } from '@tanstack/react-query';
import { authApi } from './auth.api';

/** Poll interval of the WeChat scan status while the QR code is on screen. */
export const WX_POLL_MS = 1_500;
/** Poll interval of a face check's result. */
export const FACE_POLL_MS = 2_000;

export const authKeys = {
  wxQr: (round: number) => ['auth', 'wx-qr', round] as const,
  wxScan: (sceneId: string) => ['auth', 'wx-scan', sceneId] as const,
  face: (verifyId: string) => ['auth', 'face', verifyId] as const,
};

/** A fresh QR per round (a refresh bumps the round); never cached across openings. */
export const wxQrQuery = (round: number) =>
  queryOptions({
    queryKey: authKeys.wxQr(round),
    queryFn: authApi.wxQrCode,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

const terminalScan = new Set(['confirmed', 'expired']);

/** Polls while the tab is visible (TanStack pauses intervals in background tabs). */
export const wxScanQuery = (sceneId: string, enabled: boolean) =>
  queryOptions({
    queryKey: authKeys.wxScan(sceneId),
    queryFn: () => authApi.wxCheckScan(sceneId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data && terminalScan.has(query.state.data.status) ? false : WX_POLL_MS,
  });

export const faceResultQuery = (verifyId: string, enabled: boolean) =>
  queryOptions({
    queryKey: authKeys.face(verifyId),
    queryFn: () => authApi.faceResult(verifyId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pending' ? false : FACE_POLL_MS,
  });
