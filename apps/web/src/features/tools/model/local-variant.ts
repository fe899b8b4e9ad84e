/**
 * Tools whose built-in (CPU) engine does less than their name promises: on that engine the page
 * names what it really does and says what the AI path adds (engines/local/README.md is the
 * source of what each local capability does).
 */
const localVariants: Record<string, { name: string; note: string }> = {
  'style-transfer': { name: 'firstHour.styleLocal.name', note: 'firstHour.styleLocal.note' },
};

/** The variant's string keys when the tool runs on the local engine now, else undefined. */
export const localVariant = (toolId: string, engine: string | undefined) =>
  engine === 'local' ? localVariants[toolId] : undefined;
