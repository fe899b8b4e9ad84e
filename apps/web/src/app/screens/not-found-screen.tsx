import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { usePageTitle } from '../../components/use-page-title';

/** A blueprint with a missing room: the page the visitor asked for is not on the plan. */
const LostPlan = () => (
  <svg viewBox="0 0 360 220" className="hj-404__art" aria-hidden>
    <defs>
      <linearGradient id="hj-404-bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#eef2ff" />
        <stop offset="1" stopColor="#ecfeff" />
      </linearGradient>
      <linearGradient id="hj-404-ink" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor="#6366f1" />
        <stop offset="1" stopColor="#06b6d4" />
      </linearGradient>
    </defs>
    <rect x="10" y="10" width="340" height="200" rx="24" fill="url(#hj-404-bg)" />
    <g stroke="#c7d2fe" strokeWidth="1">
      {Array.from({ length: 11 }, (_, i) => (
        <line key={`v${i}`} x1={30 + i * 30} y1="28" x2={30 + i * 30} y2="192" />
      ))}
      {Array.from({ length: 6 }, (_, i) => (
        <line key={`h${i}`} x1="30" y1={32 + i * 32} x2="330" y2={32 + i * 32} />
      ))}
    </g>
    <g fill="none" stroke="#312e81" strokeWidth="4" strokeLinejoin="round">
      <path d="M60 60 H180 V170 H60 Z" />
      <path d="M180 100 H212" />
      <path d="M120 60 V110 H60" />
    </g>
    <path
      d="M210 60 H300 V170 H210"
      fill="none"
      stroke="url(#hj-404-ink)"
      strokeWidth="4"
      strokeDasharray="10 8"
      strokeLinecap="round"
    />
    <text
      x="255"
      y="128"
      textAnchor="middle"
      fontSize="40"
      fontWeight="700"
      fill="url(#hj-404-ink)"
      fontFamily="Arial, sans-serif"
    >
      404
    </text>
    <circle cx="300" cy="44" r="10" fill="#22d3ee" />
  </svg>
);

export const NotFoundScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  return (
    <PageShell footer={false}>
      <div className="hj-404">
        <Result
          icon={<LostPlan />}
          title={t('notFound.title')}
          subTitle={t('notFound.body')}
          extra={[
            <Button
              key="home"
              type="primary"
              size="large"
              icon={<HomeOutlined />}
              onClick={() => void navigate('/')}
            >
              {t('actions.backHome')}
            </Button>,
            <Button
              key="list"
              size="large"
              icon={<AppstoreOutlined />}
              onClick={() => void navigate('/list')}
            >
              {t('actions.functionList')}
            </Button>,
          ]}
        />
      </div>
    </PageShell>
  );
};
