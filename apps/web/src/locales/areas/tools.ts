import { addStrings } from '../register';
import editor from 'virtual:locale/editor';
import results from 'virtual:locale/results';
import editing from 'virtual:locale/editing';
import generation from 'virtual:locale/generation';
import uploads from 'virtual:locale/uploads';

/** The tool pages' strings (desktop workspace, mask editor, results, done page, phone flow): loaded with features/tools. */
addStrings('zh-CN', { editor, results, editing, generation, uploads });
