/** Shown while the first screen's chunk arrives, or while a stored session is being checked. */
export const BootScreen = () => (
  <div className="hj-boot" aria-busy="true" aria-label="加载中">
    <div className="hj-boot__mark" />
    <span>绘境</span>
  </div>
);
