import type { ToolInput } from '@huijing/tools';
import { useLocation } from 'react-router';
import { useSignInGate } from '../../../components/use-sign-in-gate';
import { UploadField } from '../components/upload-field';
import { familyStore, type InputImage } from '../store/family-stores';

/**
 * The page's upload fields for inputs an override places itself (ToolOverride.ownInputs), so a
 * card can put them where its flow needs them; same store, same sign-in prompt as the page.
 */
export const OverrideUploads = ({
  toolId,
  family,
  inputs,
  images,
}: {
  toolId: string;
  family: Parameters<typeof familyStore>[0];
  inputs: readonly ToolInput[];
  images: Record<string, InputImage[]>;
}) => {
  const { pathname } = useLocation();
  const requireLogin = useSignInGate(pathname);
  const { setInput } = familyStore(family).getState();
  return (
    <>
      {inputs.map((input) => (
        <UploadField
          key={input.name}
          input={input}
          images={images[input.name] ?? []}
          onChange={(next) => setInput(toolId, input.name, next)}
          requireLogin={requireLogin}
        />
      ))}
    </>
  );
};
