import type { ToolDefinition } from '@huijing/tools';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { classifyQuery } from '../api/tools.api';
import { catalogueDefaultParams, catalogueDefaults, paramValues } from '../model/tool-params';

/**
 * The values a run starts with: the tool's defaults, the catalogue's (spec §9, the window view
 * of /indoorExterior) once the tree is loaded, then what the designer changed. The tree is the
 * style pickers' own query, so this adds no request.
 */
export const useParamValues = (tool: ToolDefinition, saved: Record<string, unknown>) => {
  const needsTree = catalogueDefaultParams(tool).length > 0;
  const { data: tree } = useQuery({ ...classifyQuery(), enabled: needsTree });
  return useMemo(
    () => paramValues(tool, saved, needsTree ? catalogueDefaults(tool, tree) : {}),
    [tool, saved, needsTree, tree],
  );
};
