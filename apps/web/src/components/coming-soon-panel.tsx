import { ArrowRightOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export interface RelatedLink {
  title: string;
  path: string;
  description: string;
  icon?: ReactNode;
}

/**
 * Stands in for a screen whose workspace arrives in a later issue: what it will do, where it
 * belongs, and live pages to try meanwhile.
 */
export const ComingSoonPanel = ({
  name,
  description,
  family,
  icon,
  related,
}: {
  name: string;
  description: string;
  family: string;
  icon: ReactNode;
  related: RelatedLink[];
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="hj-soon" aria-labelledby="hj-soon-title">
      <div className="hj-soon__card">
        <div className="hj-soon__art" aria-hidden>
          <svg viewBox="0 0 320 200" className="hj-soon__svg">
            <defs>
              <linearGradient id="hj-soon-sky" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0" stopColor="#eef2ff" />
                <stop offset="1" stopColor="#e0f2fe" />
              </linearGradient>
              <linearGradient id="hj-soon-wall" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0" stopColor="#818cf8" />
                <stop offset="1" stopColor="#4f46e5" />
              </linearGradient>
            </defs>
            <rect width="320" height="200" rx="20" fill="url(#hj-soon-sky)" />
            <g stroke="#c7d2fe" strokeWidth="1">
              {Array.from({ length: 9 }, (_, i) => (
                <line key={`v${i}`} x1={20 + i * 35} y1="20" x2={20 + i * 35} y2="180" />
              ))}
              {Array.from({ length: 5 }, (_, i) => (
                <line key={`h${i}`} x1="20" y1={20 + i * 40} x2="300" y2={20 + i * 40} />
              ))}
            </g>
            <path d="M90 150 L160 70 L230 150 Z" fill="url(#hj-soon-wall)" opacity="0.92" />
            <rect x="130" y="112" width="60" height="38" rx="3" fill="#fff" opacity="0.9" />
            <path d="M90 150 H230" stroke="#312e81" strokeWidth="3" strokeLinecap="round" />
            <circle cx="248" cy="58" r="16" fill="#22d3ee" opacity="0.85" />
            <path
              d="M70 60 l8 -8 m-8 0 l8 8"
              stroke="#6366f1"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
          <span className="hj-soon__icon">{icon}</span>
        </div>
        <div className="hj-soon__content">
          <span className="hj-soon__tag">
            <ClockCircleOutlined /> {t('comingSoon.tag')}
          </span>
          <p className="hj-soon__family">
            {t('comingSoon.family')} · {family}
          </p>
          <h1 id="hj-soon-title" className="hj-soon__title">
            {name}
          </h1>
          <p className="hj-soon__desc">{description}</p>
          <p className="hj-soon__note">{t('comingSoon.body')}</p>
          <div className="hj-soon__actions">
            <Button type="primary" size="large" onClick={() => void navigate('/list')}>
              {t('actions.allFunctions')}
            </Button>
            <Button size="large" onClick={() => void navigate('/home')}>
              {t('actions.backHome')}
            </Button>
          </div>
        </div>
      </div>
      {related.length > 0 ? (
        <div className="hj-soon__related">
          <h2>{t('comingSoon.similar')}</h2>
          <div className="hj-soon__grid">
            {related.map((item) => (
              <Link key={item.path + item.title} to={item.path} className="hj-soon__link">
                {item.icon}
                <span className="hj-soon__link-text">
                  <strong>{item.title}</strong>
                  <small>{item.description}</small>
                </span>
                <ArrowRightOutlined aria-hidden />
              </Link>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
};
