import type { Resources } from './zh-CN';
import { editorPart } from './parts/editor';
import { resultsPart } from './parts/results';
import { editingPart } from './parts/editing';
import { generationPart } from './parts/generation';
import { worksPart } from './parts/works';
import { assistantPart } from './parts/assistant';
import { mobilePart } from './parts/mobile';
import { uploadsPart } from './parts/uploads';
import { commercePart } from './parts/commerce';
import { communityPart } from './parts/community';
import { modelsPart } from './parts/models';
import { adminConsolePart } from './parts/admin-console';
import { helpPart } from './parts/help';
import { firstHourPart } from './parts/first-hour';

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
  tools: {
    allTools: 'All tools',
    unavailable: 'This tool is not available right now',
    upload: {
      section: 'Images',
      paste: 'Drop or paste with Ctrl+V',
      title: 'Click or drop an image here',
      hint: 'JPG / PNG / WebP; over 4000 px is downscaled',
      uploading: 'Uploading…',
      optional: '(optional)',
      choose: 'Choose {{label}}',
      replace: 'Replace',
      remove: 'Remove',
      add: 'Add more',
      count: '{{count}}/{{max}}',
    },
    form: {
      title: 'Settings',
      reset: 'Reset',
      advanced: 'Advanced ({{count}})',
      auto: 'Any (recognised from the image)',
      choose: 'Choose {{label}}',
      catalogFailed: 'The library could not be loaded; try again later',
      material: 'Material library',
    },
    start: {
      price: 'Costs {{price}}',
      free: 'Free',
      balance: '{{balance}} left',
      login: 'Sign in to start',
      running: 'Generating…',
      needLogin: 'Sign in to generate; new accounts get free runs',
      needInput: '{{label}} is required: upload it first',
      needMask: 'Paint the area to change on the image first',
      needTickets: 'Not enough runs: {{price}} needed, {{balance}} left',
      topUp: 'Top up',
    },
    stage: {
      label: 'Preview and result',
      emptyTitle: 'Three steps',
      step1: 'Upload a sketch, white model, photo or render',
      step1Text: 'Describe the picture',
      step2: 'Adjust style and settings on the left',
      step3: 'Press “{{verb}}”; the result appears here',
      original: 'Original',
      ready: 'Image ready: adjust the settings and press “{{verb}}”',
    },
    task: {
      ahead_one: '{{count}} task ahead of yours',
      ahead_other: '{{count}} tasks ahead of yours',
      next: 'You are next',
      running: 'Generating',
      progress: 'Progress',
      elapsed: 'Elapsed',
      keep: 'You may leave; the result stays in your history',
      cancel: 'Cancel',
      failed: 'Generation failed',
      failedBody: 'This run did not succeed; your runs were returned',
      canceled: 'Canceled',
      canceledBody: 'The run was canceled and your runs were returned',
      retry: 'Try again',
      lost: 'This task could not be found; it may have been deleted',
      dismiss: 'OK',
    },
    result: {
      before: 'Before',
      after: 'After',
      compare: 'Drag to compare',
      alt: 'Result',
      outputs: 'All results',
      empty: 'This run produced no result',
      done: 'Done',
      again: 'Run again',
      download: 'Download PNG',
      downloadVideo: 'Download MP4',
      downloadFile: 'Download the compressed file',
    },
    history: {
      title: 'History',
      empty: 'Nothing yet; your results will appear here',
      open: 'Open this result',
      delete: 'Delete',
      keep: 'Keep',
      confirm: 'Delete this entry? A running task is canceled and refunded',
      queued: 'Queued',
      running: 'Running',
      succeeded: 'Done',
      failed: 'Failed',
      canceled: 'Canceled',
    },
  },
  editor: editorPart.en,
  results: resultsPart.en,
  editing: editingPart.en,
  generation: generationPart.en,
  works: worksPart.en,
  assistant: assistantPart.en,
  mobile: mobilePart.en,
  uploads: uploadsPart.en,
  commerce: commercePart.en,
  community: communityPart.en,
  models: modelsPart.en,
  adminConsole: adminConsolePart.en,
  help: helpPart.en,
  firstHour: firstHourPart.en,
};
