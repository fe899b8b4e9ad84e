import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';

/** The user's picture, or the first character of the nickname on a brand colour. */
export const UserAvatar = ({
  user,
  size = 32,
}: {
  user: { nickname: string; avatarUrl: string | null };
  size?: number;
}) =>
  user.avatarUrl ? (
    <Avatar size={size} src={user.avatarUrl} alt={user.nickname} />
  ) : (
    <Avatar size={size} className="hj-avatar" icon={user.nickname ? undefined : <UserOutlined />}>
      {user.nickname.slice(0, 1)}
    </Avatar>
  );
