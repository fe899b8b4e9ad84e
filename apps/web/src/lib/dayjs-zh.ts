import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

/**
 * dayjs in Chinese, for antd's date pickers (their month and weekday names come from dayjs's
 * locale). Imported by the screens that show a picker, so pages without one (the tool page, the
 * home page) do not load dayjs at all.
 */
dayjs.locale('zh-cn');

export default dayjs;
