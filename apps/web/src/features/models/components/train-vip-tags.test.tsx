import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n';
import { TrainVipTags } from './train-vip-tags';

initI18n();

describe('TrainVipTags', () => {
  it('tells a member what they have instead of 会员专享', () => {
    render(<TrainVipTags perks={['会员专享']} vipRequired isVip />);
    expect(screen.getByText('会员权益已开通')).toBeTruthy();
    expect(screen.queryByText('会员专享')).toBeNull();
  });

  it('shows the perk words to someone without a membership', () => {
    render(<TrainVipTags perks={['会员专享']} vipRequired isVip={false} />);
    expect(screen.getByText('会员专享')).toBeTruthy();
  });

  it('shows nothing when training is open to everyone', () => {
    const { container } = render(<TrainVipTags perks={['会员专享']} vipRequired={false} isVip />);
    expect(container.textContent).toBe('');
  });
});
