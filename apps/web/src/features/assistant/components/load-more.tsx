import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Load more" under a paged list, shown while fewer than `total` items are loaded. */
export const LoadMore = ({
  shown,
  total,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
}) => {
  const { t } = useTranslation();
  if (shown >= total) return null;
  return (
    <Button block type="text" className="hj-load-more" loading={loading} onClick={onMore}>
      {t('assistant.loadMore')}
    </Button>
  );
};
