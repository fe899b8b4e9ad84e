import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * An antd button that is a real link (role link, href for new tabs) and navigates in the app.
 * antd styles only its own elements, so a router Link with button classes would look bare.
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
