import type { Resources } from './zh-CN';

export const enUS: Resources = {
  brand: {
    name: 'Huijing',
    tagline: 'AI rendering for interior and architectural design',
    slogan: 'A photographic answer for every sketch',
  },
  nav: {
    render: 'AI render',
    edit: 'Image editing',
    generate: 'Generation',
    assistant: 'AI assistant',
    models: 'Model square',
    works: 'My works',
    functions: 'All tools',
    menu: 'Menu',
  },
  actions: {
    login: 'Sign in',
    start: 'Start creating',
    allFunctions: 'See all tools',
    backHome: 'Back home',
    functionList: 'Tool list',
    reload: 'Reload',
    viewAll: 'View all',
    tryNow: 'Try it',
    gotIt: 'Got it',
  },
  families: {
    render: 'Interior, architecture and landscape renders that keep structure and perspective',
    edit: 'Materials, backgrounds, atmosphere, matting and upscaling in one place',
    generate: 'Inspiration images and walkthrough videos from text and images',
  },
  badges: { new: 'New', hot: 'Hot', pro: 'Pro' },
  comingSoon: {
    tag: 'Coming soon',
    title: '{{name}} is being polished',
    body: 'We are fine-tuning this tool; it will be available right here once it launches. Meanwhile, try these similar tools.',
    similar: 'Similar tools',
    family: 'Category',
  },
  notFound: {
    title: 'This page got lost',
    body: 'The page does not exist or has moved. Go back home, or find the tool you need in the tool list.',
  },
  error: {
    scriptTitle: 'Part of the page failed to load',
    scriptBody:
      'The network may have hiccupped, or we just released an update. Reload to get the latest version.',
    styleTitle: 'The page styles failed to load',
    styleBody:
      'A stylesheet did not load, so the page may look broken. Reloading usually fixes it.',
    genericTitle: 'Something went wrong',
    genericBody: 'This page hit an unexpected error. Please reload, or go back home.',
  },
  list: {
    title: 'All tools',
    subtitle: '{{count}} professional AI tools for rendering, editing and generation',
    search: 'Search tools, e.g. "upscale"',
    empty: 'No tools match “{{query}}”',
    results: '{{count}} matching tools',
    hot: 'Popular:',
  },
  footer: {
    agreement: 'User agreement',
    rights: 'Huijing AI rendering platform · All rights reserved',
    notice: 'Generated content carries an AI-generated label as required',
  },
};
