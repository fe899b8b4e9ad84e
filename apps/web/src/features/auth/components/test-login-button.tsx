import { Button } from 'antd';
import { useState } from 'react';
import { authApi } from '../api/auth.api';
import { completeLogin } from '../model/complete-login';

/**
 * Development builds only (`npm run dev:web`): signs in as the server's test user through
 * GET /test/testlogin, which the server answers only with TEST_LOGIN=on. Production builds drop
 * this component entirely (import.meta.env.DEV is false there).
 */
export const TestLoginButton = ({ returnTo }: { returnTo?: string }) => {
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!import.meta.env.DEV) return null;
  return (
    <div className="hj-login__dev">
      <Button
        size="small"
        type="dashed"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            completeLogin(await authApi.testLogin(), { returnTo });
          } catch {
            setError('服务器未开启测试登录（启动时设置 TEST_LOGIN=on）');
          } finally {
            setBusy(false);
          }
        }}
      >
        开发环境：测试账号登录
      </Button>
      {error ? <small>{error}</small> : null}
    </div>
  );
};
