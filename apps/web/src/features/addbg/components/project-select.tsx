import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { addbgKeys } from '../api/keys';
import { createProject, useProjects } from '../api/projects';

/** The project new works go into (none: ungrouped), and creating one. */
export function ProjectSelect({ value, onChange }: { value: string | null; onChange(id: string | null): void }) {
  const { data, isPending, error } = useProjects();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const client = useQueryClient();
  const { message } = App.useApp();
  const add = async () => {
    if (!name.trim()) return;
    try {
      const project = await createProject(name.trim());
      await client.invalidateQueries({ queryKey: addbgKeys.projects() });
      onChange(project.project_id);
      setName('');
      setAdding(false);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : '创建失败');
    }
  };
  return (
    <Space wrap>
      <Select
        aria-label="项目"
        allowClear
        placeholder={error ? '项目加载失败' : '不归入项目'}
        loading={isPending}
        value={value ?? undefined}
        onChange={(v) => onChange(v ?? null)}
        options={(data ?? []).map((p) => ({ value: p.project_id, label: `${p.name}（${p.work_count}）` }))}
        style={{ minWidth: 180 }}
      />
      {adding ? (
        <Space.Compact>
          <Input
            aria-label="新项目名称"
            autoFocus
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void add()}
            placeholder="项目名称"
          />
          <Button type="primary" onClick={() => void add()}>
            创建
          </Button>
        </Space.Compact>
      ) : (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新建项目
        </Button>
      )}
    </Space>
  );
}
