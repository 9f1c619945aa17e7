<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="terrain-pointy" tilewidth="56" tileheight="64" tilecount="22" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="open_ground">
  <image width="56" height="64" source="../../assets/tiles/pointy/open_ground.png"/>
 </tile>
 <tile id="1" type="floor">
  <image width="56" height="64" source="../../assets/tiles/pointy/floor.png"/>
 </tile>
 <tile id="2" type="rough_ground">
  <properties>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/rough_ground.png"/>
 </tile>
 <tile id="3" type="brush">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partly"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/brush.png"/>
 </tile>
 <tile id="4" type="forest">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="material" propertytype="Material" value="thick_wood"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/forest.png"/>
 </tile>
 <tile id="5" type="crates">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partly"/>
   <property name="material" propertytype="Material" value="thin_wood"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/crates.png"/>
 </tile>
 <tile id="6" type="drywall">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="material" propertytype="Material" value="drywall"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/drywall.png"/>
 </tile>
 <tile id="7" type="brick_wall">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partly"/>
   <property name="material" propertytype="Material" value="thin_stone"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/brick_wall.png"/>
 </tile>
 <tile id="8" type="concrete_pillar">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="thick_stone"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/concrete_pillar.png"/>
 </tile>
 <tile id="9" type="shipping_container">
  <properties>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="ordinary_metal"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/shipping_container.png"/>
 </tile>
 <tile id="10" type="barrier">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partly"/>
   <property name="material" propertytype="Material" value="reinforced_postech"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/barrier.png"/>
 </tile>
 <tile id="11" type="pretech_crystal">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="pretech"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/pretech_crystal.png"/>
 </tile>
 <tile id="12" type="forcefield">
  <properties>
   <property name="concealment" propertytype="Concealment" value="none"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="material" propertytype="Material" value="pretech_forcefield"/>
   <property name="tall" type="bool" value="true"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/forcefield.png"/>
 </tile>
 <tile id="13" type="shallow_water">
  <properties>
   <property name="move_cost" type="int" value="2"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/shallow_water.png"/>
 </tile>
 <tile id="14" type="deep_water">
  <properties>
   <property name="material" propertytype="Material" value="significant_liquid"/>
   <property name="move_cost" type="int" value="3"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/deep_water.png"/>
 </tile>
 <tile id="15" type="smoke">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
   <property name="material" propertytype="Material" value="particulates"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/smoke.png"/>
 </tile>
 <tile id="16" type="dust">
  <properties>
   <property name="concealment" propertytype="Concealment" value="partly"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/dust.png"/>
 </tile>
 <tile id="17" type="chasm">
  <properties>
   <property name="impassable" type="bool" value="true"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/chasm.png"/>
 </tile>
 <tile id="18" type="darkness">
  <properties>
   <property name="concealment" propertytype="Concealment" value="mostly"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/darkness.png"/>
 </tile>
 <tile id="19" type="bunker_slit">
  <properties>
   <property name="concealment" propertytype="Concealment" value="totally"/>
   <property name="material" propertytype="Material" value="thick_stone"/>
  </properties>
  <image width="56" height="64" source="../../assets/tiles/pointy/bunker_slit.png"/>
 </tile>
 <tile id="20" type="hazard_stripes">
  <image width="56" height="64" source="../../assets/tiles/pointy/hazard_stripes.png"/>
 </tile>
 <tile id="21" type="scorch">
  <image width="56" height="64" source="../../assets/tiles/pointy/scorch.png"/>
 </tile>
</tileset>
