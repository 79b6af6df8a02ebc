export { NoticeBell } from './components/notice-bell';
