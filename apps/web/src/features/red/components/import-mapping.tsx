import type { RedImportColumn, RedImportMapping, RedImportPreview } from '@portal/contract';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { exampleOf, importFields } from '../import-columns';

const NONE = '';

interface Props {
  preview: RedImportPreview;
  mapping: RedImportMapping;
  onChange(mapping: RedImportMapping): void;
}

/** Which column of the file each field is read from, with an example value, then the file's first rows. */
export function ImportMapping({ preview, mapping, onChange }: Props) {
  const options = [
    { value: NONE, label: '不导入' },
    ...preview.columns.map((column) => ({ value: column, label: column || '（空表头）' })),
  ];
  const choose = (field: RedImportColumn, column: string) => onChange({ ...mapping, [field]: column || null });
  return (
    <>
      <div className="red-import-fields" role="list" aria-label="列对应">
        {importFields.map(({ field, label, required }) => (
          <div className="red-import-field" role="listitem" key={field}>
            <label className="red-import-label" htmlFor={`red-import-${field}`}>
              {label}
              {required ? <Tag color="red">必填</Tag> : null}
            </label>
            <Select
              id={`red-import-${field}`}
              className="red-import-select"
              value={mapping[field] ?? NONE}
              options={options}
              onChange={(column: string) => choose(field, column)}
              status={required && !mapping[field] ? 'error' : undefined}
              aria-label={`${label}对应的列`}
            />
            <span className="red-import-example" title={exampleOf(preview, mapping, field)}>
              {exampleOf(preview, mapping, field) || '—'}
            </span>
          </div>
        ))}
      </div>
      <h4>文件预览（前 {preview.rows.length} 行）</h4>
      <Table
        className="red-import-preview"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="key"
        dataSource={preview.rows.map((cells, key) => ({ key, cells }))}
        columns={preview.columns.map((column, i) => ({
          key: String(i),
          title: column || '（空表头）',
          render: (_: unknown, row: { cells: string[] }) => <span className="red-import-cell">{row.cells[i]}</span>,
        }))}
      />
    </>
  );
}
