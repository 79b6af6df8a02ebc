import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';

interface CatalogueFiltersProps {
  scenes: string[];
  scene: string;
  onScene(scene: string): void;
  search: string;
  onSearch(search: string): void;
}

/**
 * Scene chips and the name search. Plain elements rather than antd Segmented and Input.Search:
 * they are the first screen's only controls and those two brought 18 KB gzip into it. The chips
 * scroll sideways on a phone instead of wrapping into a tall block.
 */
export function CatalogueFilters({ scenes, scene, onScene, search, onSearch }: CatalogueFiltersProps) {
  return (
    <div className="portal-catalogue-filters">
      <div className="portal-chips" role="radiogroup" aria-label="按场景筛选">
        {scenes.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === scene}
            className={`portal-chip${option === scene ? ' portal-chip-active' : ''}`}
            onClick={() => onScene(option)}
          >
            {option}
          </button>
        ))}
      </div>
      <label className="portal-search">
        <SearchOutlined aria-hidden className="portal-search-icon" />
        <input
          type="search"
          enterKeyHint="search"
          placeholder="搜索应用名称"
          aria-label="搜索应用名称"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </label>
    </div>
  );
}
