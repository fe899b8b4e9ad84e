import { definePart } from './define-part';

/** Strings of the tool page's upload cards beyond tools.upload (zh-CN first; en-US mirrors). */
export const uploadsPart = definePart(
  {
    dropReplace: '松开鼠标，替换这张图片',
    dropAdd: '松开鼠标，添加到这里',
    dropFull: '已放满 {{max}} 张，请先移除一张再添加',
    notImage: '这里只能放入 JPG、PNG 或 WebP 图片',
  },
  {
    dropReplace: 'Release to replace this image',
    dropAdd: 'Release to add it here',
    dropFull: 'All {{max}} slots are full. Remove one first',
    notImage: 'Only JPG, PNG or WebP images can go here',
  },
);
