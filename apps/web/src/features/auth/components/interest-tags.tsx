import { Tag } from 'antd';
import { interestTags } from '../model/profile-options';

/** Toggleable interest tags (at most 12, the server's limit). */
export const InterestTags = ({
  value,
  onChange,
}: {
  value: string[];
  onChange: (next: string[]) => void;
}) => (
  <div className="hj-tags" role="group" aria-label="感兴趣的方向">
    {interestTags.map((tag) => (
      <Tag.CheckableTag
        key={tag}
        checked={value.includes(tag)}
        onChange={(checked) =>
          onChange(checked ? [...value, tag].slice(0, 12) : value.filter((t) => t !== tag))
        }
      >
        {tag}
      </Tag.CheckableTag>
    ))}
  </div>
);
