import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Button,
  Collapse,
  ConfigProvider,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Popover,
  Progress,
  Segmented,
  Select,
  Skeleton,
  Slider,
  Spin,
  Switch,
  Tabs,
  Tag,
  Tooltip,
  Tour,
} from 'antd';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import seedToken from 'antd/es/theme/themes/seed';
import zhCNLocale from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import type { BakedMapToken } from './prebuilt-algorithm';
import { theme } from './theme';

/**
 * Build-time only (build/antd-styles.ts): the styles antd would generate in the browser for the
 * components the tool page and its first-visit guide draw, with the app's theme, as one CSS
 * file. It ends with antd's cache-path map (`.data-ant-cssinjs-cache-path{content:…}`): when the
 * file is in the page before antd's first render (components/antd-root.tsx), antd reads the map
 * and skips generating and inserting those styles — 60–90 ms tasks at 4× CPU on the tool page.
 * A component missing here is styled at run time as before; the file only saves work.
 */
export const bakeAntdStyles = (): string => {
  const cache = createCache();
  renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider locale={zhCNLocale} theme={theme}>
        <Button type="primary">a</Button>
        <Input />
        <Input.TextArea />
        <InputNumber />
        <Select options={[]} />
        <Slider />
        <Switch />
        <Segmented options={['a']} />
        <Collapse items={[]} />
        <Tooltip title="a">
          <span />
        </Tooltip>
        <Popover content="a">
          <span />
        </Popover>
        <Popconfirm title="a">
          <span />
        </Popconfirm>
        <Skeleton />
        <Alert message="a" />
        <Spin />
        <Tag>a</Tag>
        <Progress percent={1} />
        <Dropdown menu={{ items: [] }}>
          <span />
        </Dropdown>
        <Modal open={false} />
        <Tour steps={[]} open={false} />
        <Form />
        <Tabs items={[]} />
      </ConfigProvider>
    </StyleProvider>,
  );
  return extractStyle(cache, { plain: true, types: 'style' });
};

/**
 * Build-time only: the seed antd's ConfigProvider hands its algorithm for the app's theme, and
 * the map token the default algorithm derives from it (colour palettes and all), so the browser
 * does not derive it again on the first render (components/prebuilt-algorithm.ts).
 */
export const bakeMapToken = (): BakedMapToken => {
  const seed = { ...seedToken, ...theme.token } as BakedMapToken['seed'];
  return { seed, map: defaultAlgorithm(seed) };
};
