// bottleneck types its main entry only; its light build, the one Octokit's plugins load, is the same class.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
