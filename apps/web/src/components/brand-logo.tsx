import { useId } from 'react';
import { Link } from 'react-router';

/** The mark: a gable (architecture) over a framed room (interior), on the brand gradient. */
export const BrandMark = ({ size = 34 }: { size?: number }) => {
  // Several marks can share a page; ids keep their gradients apart.
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <defs>
        <linearGradient id={`${id}bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#3730a3" />
        </linearGradient>
        <linearGradient id={`${id}line`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#a5f3fc" />
          <stop offset="1" stopColor="#ffffff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${id}bg)`} />
      <path
        d="M13 46 L32 15 L51 46 Z"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <path
        d="M24 46 V34 H40 V46"
        fill="none"
        stroke={`url(#${id}line)`}
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <circle cx="47" cy="17" r="4" fill="#22d3ee" />
    </svg>
  );
};

/** Mark and wordmark, linking home. */
export const BrandLogo = ({
  tone = 'dark',
  to = '/',
}: {
  tone?: 'dark' | 'light';
  to?: string;
}) => (
  <Link to={to} className={`hj-logo hj-logo--${tone}`} aria-label="绘境 首页">
    <BrandMark />
    <span className="hj-logo__text">
      <span className="hj-logo__name">绘境</span>
      <span className="hj-logo__sub">HUIJING · AI RENDER</span>
    </span>
  </Link>
);
