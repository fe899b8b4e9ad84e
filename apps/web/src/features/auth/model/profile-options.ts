import type { UserInfo } from '@huijing/contracts';

/** Choices of the interest questions and the profile; the server accepts any short text. */
export const professions = [
  '室内设计师',
  '建筑设计师',
  '景观设计师',
  '软装设计师',
  '家装公司',
  '工装公司',
  '地产 / 开发商',
  '设计专业学生',
  '业主',
  '其他',
];

export const interestTags = [
  '家装效果图',
  '工装效果图',
  '建筑表现',
  '景观设计',
  '鸟瞰图',
  '线稿上色',
  '老房改造',
  '软装搭配',
  '材质替换',
  'AI 视频',
  '图片精修',
  '模型训练',
];

export const userTypeLabels: Record<UserInfo['userType'], string> = {
  personal: '个人用户',
  designer: '设计师',
  company: '企业用户',
};
