import { addStrings } from '../register';
import models from 'virtual:locale/models';

/** The model square, training pages and the render tools' model picker strings. */
addStrings('zh-CN', { models });
