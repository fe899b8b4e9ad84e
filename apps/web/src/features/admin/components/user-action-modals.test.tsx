import { fireEvent, screen } from '@testing-library/react';
import { describe, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/fake-api';
import { GrantVipModal } from './user-action-modals';

describe('GrantVipModal', () => {
  it('says how many months of the tier’s allowance a grant carries, as the server splits it', async () => {
    renderWithProviders(
      <GrantVipModal
        open
        who="林设计师"
        currentUntil={null}
        busy={false}
        onCancel={vi.fn()}
        onSubmit={vi.fn()}
      />,
    );
    await screen.findByText(/含 1 个月的会员次数/);
    const days = screen.getByLabelText('会员天数');
    fireEvent.change(days, { target: { value: '100' } });
    await screen.findByText(/含 3 个月的会员次数/);
    fireEvent.change(days, { target: { value: '5' } });
    await screen.findByText(/含 1 个月的会员次数/);
  });
});
