import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The tags beside the training price: the server's perk words (会员专享) for someone who still
 * needs a membership, what a member has for a member, nothing when training is open to all.
 */
export const TrainVipTags = ({
  perks,
  vipRequired,
  isVip,
}: {
  perks: string[];
  vipRequired: boolean;
  isVip: boolean;
}) => {
  const { t } = useTranslation();
  if (!vipRequired) return null;
  const words = isVip ? [t('models.train.vipHas')] : perks;
  return words.map((word) => (
    <Tag key={word} color="gold">
      {word}
    </Tag>
  ));
};
