import type { captchaChallengeSchema } from '@huijing/contracts';
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/zh-cn';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

// The widget without its inline workers (`altcha/external`): the one key derivation the server
// issues runs in a same-origin worker file, so the CSP needs no blob: scripts for it.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export interface CaptchaWidgetProps {
  challenge: CaptchaChallenge;
  /** The widget's answer (base64 of the challenge and its solution) for /captcha/solve. */
  onVerified: (payload: string) => void;
  onFailed: () => void;
}

type StateChange = CustomEvent<{ state: string; payload?: string }>;

/**
 * The altcha widget (a web component, accessible, in Chinese) solving the server's challenge as
 * soon as it shows. Loaded on its own chunk only when a captcha is asked for.
 */
const AltchaWidget = ({ challenge, onVerified, onFailed }: CaptchaWidgetProps) => {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onVerified, onFailed });
  useEffect(() => {
    handlers.current = { onVerified, onFailed };
  });

  useEffect(() => {
    const widget = document.createElement('altcha-widget');
    let reported = false;
    widget.addEventListener('statechange', (event) => {
      const { state, payload } = (event as StateChange).detail;
      if (reported) return;
      if (state === 'verified' && payload) {
        reported = true;
        handlers.current.onVerified(payload);
      } else if (state === 'error' || state === 'expired') {
        reported = true;
        handlers.current.onFailed();
      }
    });
    // Configured before it connects, so it starts solving (auto: onload) the challenge given.
    widget.setAttribute(
      'configuration',
      JSON.stringify({
        challenge,
        auto: 'onload',
        language: 'zh-cn',
        hideFooter: true,
        minDuration: 300,
      }),
    );
    host.current?.append(widget);
    return () => widget.remove();
  }, [challenge]);

  return <div className="hj-captcha__widget" ref={host} />;
};

export default AltchaWidget;
