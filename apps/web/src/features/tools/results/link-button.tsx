import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '../../../components/antd-look';

/**
 * A button in antd's look that is a real link (role link, href for new tabs) and navigates in
 * the app (components/antd-look.tsx draws antd's anchor button).
 */
export const LinkButton = ({
  to,
  ...props
}: { to: string } & Omit<ButtonProps, 'href' | 'onClick'>) => {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
};
