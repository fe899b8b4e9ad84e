import { Result } from 'antd';
import { AdminApiError } from '../api/admin.api';

/** A failed console load: 403 as a friendly panel, anything else as one line. */
export const ConsoleError = ({ error }: { error: Error | null }) => {
  if (!error) return null;
  const code = error instanceof AdminApiError ? error.code : undefined;
  if (code !== undefined && Math.floor(code / 100) === 403) {
    return (
      <Result
        status="403"
        title="当前角色无权查看"
        subTitle={error.message}
        extra={<p className="hj-admin-muted">如需调整权限，请联系超级管理员。</p>}
      />
    );
  }
  return (
    <p className="hj-admin-error" role="alert">
      {error.message}
    </p>
  );
};
